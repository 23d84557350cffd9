import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useToast } from '@/components/use-toast';
import { errorMessage } from '@/lib/error-message';
import { matchFieldErrors, type FieldPath } from '@/lib/field-errors';
import { showFieldErrors } from '@/lib/show-field-errors';

/**
 * Shows a failed call: the server's field errors at their form fields (the first of them scrolled into view and
 * focused), and the message (server's, else the client's, else `fallback`) in a toast when some error had no field
 * to go to. Returns the fields it marked.
 */
export function useShowError() {
  const toast = useToast();
  return useCallback(
    (error: unknown, fallback: string, form?: FormInstance): FieldPath[] => {
      const { fields, unmatched } = form ? showFieldErrors(form, error) : matchFieldErrors(error, []);
      if (unmatched) toast.error(errorMessage(error, fallback));
      return fields.map((field) => field.name);
    },
    [toast],
  );
}
