import { Fragment, useState } from 'react';
import { Button, Grid, Modal } from '@mantine/core';
import type { FieldSpec } from '@trenchline/domain';
import { errorText, isApiError } from '../../lib/http';
import { fieldGrid } from './FieldGrid';
import { ModalButtons } from './ModalButtons';

/** One field a New dialog asks, in the registry's FieldSpec shape (drawn with FieldGrid's kinds); `required` is marked and checked before posting. */
export type NewField = Pick<FieldSpec, 'name' | 'label' | 'kind' | 'choices'> & { required?: boolean };

/** What an area's New asks: its label ('New project') and the fields that matter for that record. */
export interface NewRecordForm {
  label: string;
  fields: readonly NewField[];
}

/** A New form asking `names` of an area's existing field declaration, in that order; `required` must be filled. */
export function newFormOf(label: string, specs: readonly FieldSpec[], names: readonly string[], required: readonly string[] = []): NewRecordForm {
  const fields = names.map((name) => {
    const spec = specs.find((f) => f.name === name);
    if (!spec) throw new Error(`${label}: no field ${name}`);
    return { name, label: spec.label, kind: spec.kind, choices: spec.choices, required: required.includes(name) || undefined };
  });
  return { label, fields };
}

/** The values to post: only what was filled, so the server's defaults fill the rest. */
export function filledValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== ''));
}

/** The required fields left empty, each with its error. */
export function missingFields(fields: readonly NewField[], values: Record<string, unknown>): Record<string, string> {
  const filled = filledValues(values);
  return Object.fromEntries(fields.filter((f) => f.required && !(f.name in filled)).map((f) => [f.name, `${f.label} is required.`]));
}

/** The part of an area's create mutation (react-query's, or a job section's) the dialog calls. */
export interface CreateCall<R> {
  mutate(values: Record<string, unknown>, options: { onSuccess(answer: R): void; onError(e: unknown): void }): void;
  isPending: boolean;
}

interface Props<R> {
  form: NewRecordForm;
  opened: boolean;
  onClose: () => void;
  /** The area's create mutation, given the filled values (one POST, one create event). */
  create: CreateCall<R>;
  /** What follows the create: the new record opened. */
  onCreated: (record: R) => void;
  /** Posted with the fields, not asked (the form type picked from the New menu). */
  given?: Record<string, unknown>;
}

/**
 * New as a form: the area's declared fields, nothing written until Create; Cancel or Esc leaves no
 * record. A required field left empty, or a 400 naming a field, shows on that field.
 */
export function NewRecordDialog<R>({ form, opened, onClose, create, onCreated, given }: Props<R>) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setValues({});
    setErrors({});
    setProblem(null);
    onClose();
  };
  const submit = () => {
    const missing = missingFields(form.fields, values);
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length || create.isPending) return;
    create.mutate({ ...given, ...filledValues(values) }, {
      onSuccess: (record) => {
        close();
        onCreated(record);
      },
      onError: (e) => {
        const named = isApiError(e) ? Object.fromEntries(Object.entries(e.fields).filter(([name]) => form.fields.some((f) => f.name === name))) : {};
        setErrors(named);
        // What the server refused beyond these fields is said below them.
        setProblem(Object.keys(named).length ? null : `Problem.  ${errorText(e)}`);
      },
    });
  };
  const labels = Object.fromEntries(form.fields.map((f) => [f.name, f.label]));
  const grid = fieldGrid<Record<string, unknown>>({
    values,
    errors,
    onChange: (name, v) => {
      setValues((old) => ({ ...old, [name]: v }));
      // An edited field's error is the old value's: it goes until the next Create.
      setErrors(({ [name]: _gone, ...rest }) => rest);
    },
    fieldLabel: (name) => labels[name] ?? name,
    cellAttr: 'data-new-field',
    onEnter: submit,
    required: form.fields.filter((f) => f.required).map((f) => f.name),
  });
  const wide = { base: 12 };
  const half = { base: 12, sm: 6 };
  const cellOf = (f: NewField) =>
    f.kind === 'choice' ? grid.choice(f.name, f.choices ?? [], half) : f.kind === 'date' ? grid.date(f.name, half) : f.kind === 'longtext' ? grid.long(f.name, wide) : grid.text(f.name, f.required ? wide : half);
  return (
    <Modal opened={opened} onClose={close} title={form.label} size="lg" data-testid="new-record-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Grid gap="xs">
          {form.fields.map((f) => (
            <Fragment key={f.name}>{cellOf(f)}</Fragment>
          ))}
        </Grid>
        <ModalButtons error={problem} onClose={close} mt="md">
          <Button size="xs" type="submit" loading={create.isPending}>
            Create
          </Button>
        </ModalButtons>
      </form>
    </Modal>
  );
}

