import { useState } from 'react';
import type { Intent } from '@/components/stores/types';
import { TextField } from '@/components/ui/TextField';
import { ActionFooter } from './ActionFooter';
import { useResume } from './use-resume';

type Field = NonNullable<NonNullable<Intent['next_action']>['fields']>[number];

/** One input per detail: its label, its key in `data`, and the browser's autofill hint. */
interface Input {
  key: string;
  label: string;
  autoComplete: string;
  type?: string;
  optional?: boolean;
}

const INPUTS: Record<Field, Input[]> = {
  name: [{ key: 'name', label: 'Full name', autoComplete: 'name' }],
  email: [{ key: 'email', label: 'Email', autoComplete: 'email', type: 'email' }],
  phone: [{ key: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' }],
  shipping_address: [
    { key: 'line1', label: 'Address', autoComplete: 'shipping address-line1' },
    {
      key: 'line2',
      label: 'Address line 2 (optional)',
      autoComplete: 'shipping address-line2',
      optional: true,
    },
    { key: 'city', label: 'City', autoComplete: 'shipping address-level2' },
    {
      key: 'state',
      label: 'State or region (optional)',
      autoComplete: 'shipping address-level1',
      optional: true,
    },
    { key: 'postal_code', label: 'Postal code', autoComplete: 'shipping postal-code' },
    { key: 'country', label: 'Country code (e.g. US)', autoComplete: 'shipping country' },
  ],
};

/** The details the merchant needs (next_action.fields), sent as resume data; kept by the service. */
export function IdentityAction({ intent }: { intent: Intent }) {
  const resume = useResume(intent.intent_id);
  const fields = intent.next_action?.fields ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const valueOf = (field: Field, key: string) => values[`${field}.${key}`] ?? '';

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (resume.submitting) return;
    const data: Record<string, unknown> = {};
    for (const field of fields) {
      const parts = Object.fromEntries(
        INPUTS[field]
          .map((input) => [input.key, valueOf(field, input.key).trim()] as const)
          .filter(([, value]) => value !== ''),
      );
      data[field] = field === 'shipping_address' ? parts : parts[field];
    }
    void resume.answer({ type: 'identity', completed: true, data });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={resume.submitting !== null}>
      <p>{intent.next_action?.instructions}</p>
      {fields.map((field) =>
        INPUTS[field].map((input) => (
          <TextField
            key={`${field}.${input.key}`}
            label={input.label}
            value={valueOf(field, input.key)}
            onChange={(value) => setValues((all) => ({ ...all, [`${field}.${input.key}`]: value }))}
            autoComplete={input.autoComplete}
            type={input.type ?? 'text'}
            required={!input.optional}
            testId={`identity-${field}-${input.key}`}
          />
        )),
      )}
      <ActionFooter
        type="identity"
        resume={resume}
        label="Send details"
        busyLabel="Sending…"
        testId="action-identity"
      />
    </form>
  );
}
