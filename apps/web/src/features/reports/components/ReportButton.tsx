import { Button, type ButtonProps } from '@mantine/core';
import { useReportButton, type ReportButtonOptions } from '../useReportButton';

interface Props extends ReportButtonOptions, Omit<ButtonProps, 'children'> {
  label: string;
  /** The report's URL at the moment of the click; null opens nothing (e.g. after asking to select rows). */
  url: () => string | null;
}

/** A button that opens a report in a new window and reads 'AI Working...' for 3 s. */
export function ReportButton({ label, url, workingLabel, revertMs, size = 'xs', variant = 'default', ...rest }: Props) {
  const button = useReportButton(label, { workingLabel, revertMs });
  return (
    <Button size={size} variant={variant} {...rest} onClick={() => button.open(url())} data-working={button.working || undefined}>
      {button.text}
    </Button>
  );
}
