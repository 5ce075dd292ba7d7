/**
 * The slot registry: places on one area's screens that show another area's pieces (the job pages'
 * locates, tickets, locate warnings and RFQ margin line). A slot names only the props it passes; the
 * app shell (apps/web/src/app/slots.ts) fills it from each feature's index.ts and hands it down with
 * `SlotsProvider`. Nothing registers itself by being imported, and a slot left empty shows nothing.
 */
import { createContext, createElement, useContext, type ComponentType } from 'react';

/** The job (and ORCA task) a section on a job page is for. */
export interface JobSectionOf {
  jobId: string;
  jobNumber: string | null;
  /** The job's form type is ORCA (its tickets are ORCA tickets). */
  orca?: boolean;
  /** An ORCA task: its job_tasks line and its id (1.1). */
  task?: { ref: string; taskId: string | null };
}

/** A job's margins as the server gives them, and the RFQ it was made from. */
export interface JobMarginOf {
  margin_estimated?: number | null;
  margin_actual?: number | null;
  margin_difference?: number | null;
  rfq_ref?: string | number | null;
}

/** Every slot, by name, with the props its place passes. */
export interface Slots {
  /** The job (or task) page's locates section. */
  jobLocates: ComponentType<{ of: JobSectionOf; readOnly?: boolean }>;
  /** The job (or task) page's tickets section. */
  jobTickets: ComponentType<{ of: JobSectionOf; readOnly?: boolean }>;
  /** The job (or task) page's warning that planned work has no live locate. */
  jobLocateWarning: ComponentType<{ jobId: string; jobVersion: number; taskRef?: string }>;
  /** A job row's locate warning sign. */
  jobRowLocateWarning: ComponentType<{ warning: string | null | undefined }>;
  /** The job page's margin line and link back to its RFQ. */
  jobMargin: ComponentType<{ job: JobMarginOf }>;
}

export type SlotName = keyof Slots;
type PropsOf<K extends SlotName> = Slots[K] extends ComponentType<infer P> ? P : never;

const SlotsContext = createContext<Partial<Slots>>({});

/** The app shell's filled slots, for every screen below it. */
export const SlotsProvider = SlotsContext.Provider;

/** What fills slot `name` here, with the props its place passes; nothing when the slot is empty. */
export function Slot<K extends SlotName>({ name, props }: { name: K; props: PropsOf<K> }) {
  const filled = useContext(SlotsContext)[name] as ComponentType<object> | undefined;
  return filled ? createElement(filled, props as object) : null;
}
