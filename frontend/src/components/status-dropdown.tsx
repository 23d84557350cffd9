import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonConfirmModal, type ReasonNeed } from '@/components/reason-confirm-modal';
import { useShowError } from '@/components/use-show-error';

/** A choice that cannot simply be picked: it is confirmed in a dialog naming the records, with a reason if needed. */
export interface StatusConfirm {
  /** The question, given what the dropdown calls its records ('Majid Seller1', '3 members'): 'Reject Majid Seller1?'. */
  title: (subject: string) => string;
  /** What follows from it, e.g. that it cannot be undone. */
  message?: string;
  /** The confirm button: the action in a word or two ('Reject'). */
  confirmText?: string;
  /** The button that changes nothing; Cancel unless given (say 'Keep approved' where the action is itself a cancel). */
  cancelText?: string;
  /** 'required': the change is refused without a reason (3 to 500 characters); 'optional': one may be given. */
  reason?: ReasonNeed;
}

export interface StatusOption {
  value: string;
  label: string;
  /** Shown but not choosable, e.g. a step whose conditions are not met yet. */
  disabled?: boolean;
  /** Destructive or irreversible: asked first (approvals and activations have none and stay one click). */
  confirm?: StatusConfirm;
}

/** What a status dropdown reports: which record, which column, the new value and the one it replaces. */
export interface StatusChange<Id = string> {
  id: Id;
  column: string;
  value: string;
  previous: string | undefined;
  /** The reason typed in the confirmation, when the option asks for one and it was given. */
  reason?: string;
}

interface StatusDropdownProps<Id> {
  id: Id;
  column: string;
  /** The current status: shown in the box, left out of the choices. */
  value?: string;
  /** Approved and Rejected unless given (SPEC.md section 4). */
  options?: StatusOption[];
  /**
   * Makes the change. A returned promise keeps a confirmation open until it settles; when it rejects, the error
   * is shown (at the reason field when it is about the reason, else in a toast with `errorText`).
   */
  onChange: (change: StatusChange<Id>) => unknown;
  disabled?: boolean;
  placeholder?: string;
  /** What the confirmation calls the records: a name, a lot, '3 members'. */
  subject?: string;
  /** The fallback message of a failed change (SPEC.md section 8). */
  errorText?: string;
  /** A narrower box for a list cell (e.g. 104 with size small); STATUS_DROPDOWN_WIDTH unless given. */
  width?: number;
  size?: 'small' | 'middle';
  'aria-label': string;
}

export const STATUS_DROPDOWN_WIDTH = 140;

/**
 * A 140 px status picker that never offers the status a record already has. Options carrying `confirm` open one
 * shared confirmation (ReasonConfirmModal) before anything changes; the others change at once.
 */
export function StatusDropdown<Id = string>({ id, column, value, options, onChange, disabled, placeholder, subject, errorText, width = STATUS_DROPDOWN_WIDTH, size, ...rest }: StatusDropdownProps<Id>) {
  const { t } = useTranslation();
  const showError = useShowError();
  // The confirmation being asked; it keeps its words while it closes (open turns false first).
  const [asking, setAsking] = useState<{ confirm: StatusConfirm; change: StatusChange<Id>; open: boolean } | null>(null);
  const all = options ?? [
    { value: 'approved', label: t('status.approved') },
    { value: 'rejected', label: t('status.rejected') },
  ];
  const choices = all.filter((option) => option.value !== value);
  const failure = errorText ?? t('statusChange.failed');

  const pick = (next: string) => {
    if (next === value) return;
    const change: StatusChange<Id> = { id, column, value: next, previous: value };
    const confirm = all.find((option) => option.value === next)?.confirm;
    if (confirm) {
      setAsking({ confirm, change, open: true });
      return;
    }
    try {
      void Promise.resolve(onChange(change)).catch((error: unknown) => showError(error, failure));
    } catch (error) {
      showError(error, failure);
    }
  };

  return (
    <>
      <Select<string>
        aria-label={rest['aria-label']}
        // null, not undefined: the box stays controlled, so a choice still waiting for its confirmation is not shown.
        value={value ?? null}
        options={choices}
        labelRender={({ value: shown }) => all.find((option) => option.value === shown)?.label ?? shown}
        placeholder={placeholder ?? t('table.changeStatus')}
        disabled={disabled}
        virtual={false}
        popupMatchSelectWidth={false}
        size={size}
        style={{ width }}
        onChange={pick}
      />
      <ReasonConfirmModal
        open={asking?.open ?? false}
        title={asking?.confirm.title(subject ?? t('statusChange.thisRecord'))}
        message={asking?.confirm.message}
        confirmText={asking?.confirm.confirmText}
        cancelText={asking?.confirm.cancelText}
        reason={asking?.confirm.reason}
        errorText={failure}
        onConfirm={(reason) => (asking ? onChange(reason === undefined ? asking.change : { ...asking.change, reason }) : undefined)}
        onClose={() => setAsking((current) => current && { ...current, open: false })}
      />
    </>
  );
}
