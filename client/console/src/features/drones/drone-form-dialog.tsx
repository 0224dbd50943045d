/**
 * The add and edit drone modals (docs/console.md#drone-rules). Fields are checked as the user types (a field shows its
 * error once touched, every field on submit) and again by the server, whose 400 errors appear beside the same
 * fields. Nothing typed is lost on a failure.
 */
import { DRONE_DIRECTIONS, DRONE_STATUSES, type DroneInput, type DroneUpdateInput } from '@contracts/api';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/api-client';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { clearDroneDraft, saveDroneDraft } from './drone-draft';
import { checkDroneForm, DRONE_FORM_FIELDS, serverFieldErrors, type DroneFormErrors, type DroneFormField, type DroneFormValues } from './drone-form';
import { DRONE_STATUS_LABELS } from './drone-view-model';

export interface DroneFormDialogProps {
  mode: 'create' | 'edit';
  /** The drone being edited. */
  droneId?: number;
  initial: DroneFormValues;
  /** The form opens on a draft an ended session left: its values were typed, though not in this dialog. */
  fromDraft?: boolean;
  /** Resolves when saved; rejects with the API's error. */
  onSubmit(input: DroneInput | DroneUpdateInput): Promise<unknown>;
  onClose(): void;
  failureText: string;
}

/** The question before a close that was not asked for with 'Hủy' drops what was typed (docs/console.md#drone-rules). */
export const DISCARD_DRONE_QUESTION = 'Bỏ những gì đã nhập? Các thay đổi chưa lưu sẽ bị mất.';

const inputClass =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-200 aria-[invalid=true]:border-red-500';

/** 'Hủy' and the save button, which says what it saves. */
function FormButtons({ mode, saving, onCancel }: { mode: 'create' | 'edit'; saving: boolean; onCancel(): void }) {
  return (
    <>
      <button type="button" onClick={onCancel} disabled={saving} className="rounded-lg bg-white px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">
        Hủy
      </button>
      <button
        type="submit"
        form="drone-form"
        disabled={saving}
        className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-60"
      >
        {saving ? 'Đang lưu...' : mode === 'create' ? 'Tạo drone' : 'Lưu thay đổi'}
      </button>
    </>
  );
}

type ControlProps = { id: string; invalid: boolean; describedBy?: string };

/** A field's label, its control and its error, which the control names as its description for screen readers. */
function FormField({ name, label, error, control }: { name: DroneFormField; label: string; error: string | undefined; control(props: ControlProps): ReactNode }) {
  const id = `drone-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({ id, invalid: error !== undefined, describedBy: error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's values, which fields were touched, the server's errors and the save: the dialog's state, apart from its fields. */
function useDroneForm({ mode, droneId, initial, onSubmit, failureText }: Pick<DroneFormDialogProps, 'mode' | 'droneId' | 'initial' | 'onSubmit' | 'failureText'>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<DroneFormField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<DroneFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [state, setState] = useState<'editing' | 'saving'>('editing');

  const check = checkDroneForm(values, mode);
  const localErrors: DroneFormErrors = check.ok ? {} : check.errors;
  const errorOf = (field: DroneFormField) => (touched[field] ? localErrors[field] : undefined) ?? serverErrors[field];

  // What is typed is kept as a draft until the form is saved or closed, so an ended session does not lose it.
  const keep = (next: DroneFormValues) =>
    saveDroneDraft(mode === 'edit' && droneId !== undefined ? { mode, droneId, values: next } : { mode: 'create', values: next });

  const set = (field: DroneFormField) => (value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      keep(next);
      return next;
    });
    setTouched((t) => ({ ...t, [field]: true }));
    // A server error is about the value that was sent; once the field changes it no longer applies.
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = async () => {
    const all = Object.fromEntries(Object.keys(values).map((k) => [k, true]));
    setTouched(all);
    setFormError(null);
    if (!check.ok) return;
    setState('saving');
    try {
      await onSubmit(check.input);
      clearDroneDraft();
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? serverFieldErrors(error.body) : null;
      setServerErrors(fields?.fields ?? {});
      setFormError([failureText, ...(fields?.other ?? []), fields ? null : error instanceof Error ? error.message : null].filter(Boolean).join(': '));
      setState('editing');
    }
  };

  return { values, errorOf, set, submit, formError, saving: state === 'saving' };
}

export function DroneFormDialog({ mode, droneId, initial, fromDraft = false, onSubmit, onClose, failureText }: DroneFormDialogProps) {
  const { values, errorOf, set, submit, formError, saving } = useDroneForm({ mode, droneId, initial, onSubmit, failureText });
  const [askingToDiscard, setAskingToDiscard] = useState(false);

  const cancel = () => {
    clearDroneDraft();
    onClose();
  };
  // Escape, a click beside the dialog or its ×: easy to do by mistake, so typed values are only dropped once confirmed.
  const typed = fromDraft || DRONE_FORM_FIELDS.some((name) => values[name] !== initial[name]);
  const closeAsked = () => {
    if (saving) return;
    if (typed) setAskingToDiscard(true);
    else cancel();
  };

  const field = (name: DroneFormField, label: string, control: (props: ControlProps) => ReactNode) => (
    <FormField name={name} label={label} error={errorOf(name)} control={control} />
  );

  const text = (name: DroneFormField, label: string, type: 'text' | 'number' = 'text', extra: Record<string, string> = {}) =>
    field(name, label, ({ id, invalid, describedBy }) => (
      <input
        id={id}
        name={name}
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        value={values[name]}
        onChange={(e) => set(name)(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={inputClass}
        {...extra}
      />
    ));

  return (
    <Dialog
      open
      onClose={closeAsked}
      title={mode === 'create' ? 'Thêm Drone' : 'Sửa Drone'}
      size="lg"
      footer={<FormButtons mode={mode} saving={saving} onCancel={cancel} />}
    >
      <form
        id="drone-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 sm:col-span-2">
            {formError}
          </p>
        )}
        {text('name', 'Tên drone')}
        {text('currentLocation', 'Vị trí hiện tại')}
        {field('direction', 'Hướng', ({ id, invalid, describedBy }) => (
          <select id={id} value={values.direction} onChange={(e) => set('direction')(e.target.value)} aria-invalid={invalid} aria-describedby={describedBy} className={inputClass}>
            <option value="">— Không chọn —</option>
            {DRONE_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        ))}
        {field('status', 'Trạng thái', ({ id, invalid, describedBy }) => (
          <select id={id} value={values.status} onChange={(e) => set('status')(e.target.value)} aria-invalid={invalid} aria-describedby={describedBy} className={inputClass}>
            {DRONE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DRONE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        ))}
        {text('speed', 'Tốc độ (km/h)', 'number', { step: '0.1', min: '0' })}
        {text('height', 'Độ cao (m)', 'number', { step: '0.1', min: '0' })}
        {text('batteryLevel', 'Mức pin (%)', 'number', { step: '1', min: '0', max: '100' })}
        {text('robotId', 'Robot ID', 'number', { step: '1', min: '1' })}
        {text('sensorControlSystemId', 'Sensor control system ID', 'number', { step: '1', min: '1' })}
      </form>
      <ConfirmDialog
        open={askingToDiscard}
        message={DISCARD_DRONE_QUESTION}
        confirmLabel="Bỏ thay đổi"
        cancelLabel="Tiếp tục nhập"
        onConfirm={cancel}
        onCancel={() => setAskingToDiscard(false)}
      />
    </Dialog>
  );
}
