// The merchant as customers see it on the payment page: name, logo and brand colour, previewed as they change.
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { DEFAULT_ACCENT } from '../../../../src/modules/pay/accent.ts';
import { BrandColorFields, BrandPreview } from '../components/brand-preview.tsx';
import { Field, Form } from '../components/fields.tsx';
import { useAction, useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LOGO_MAX_BYTES = 256 * 1024;
/** The colour the payment page wears when none is set. */
const DEFAULT_COLOR = DEFAULT_ACCENT;

/** A chosen image file as a data URL, read in the browser (nothing is uploaded until Save). */
function readLogo(file: File): Promise<string> {
  if (!LOGO_TYPES.includes(file.type)) return Promise.reject(new ApiError(400, 'client', 'The logo must be a PNG, JPEG or WebP image.'));
  if (file.size > LOGO_MAX_BYTES) return Promise.reject(new ApiError(400, 'client', 'The logo must be at most 256 KB.'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError(400, 'client', 'The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

type Draft = { merchantName?: string; brandColor?: string; logo?: string | null };

export function BusinessSection() {
  const { can, refresh } = useSession();
  const settings = useResource(() => api.get('/v1/settings'), []);
  const [draft, setDraft] = useState<Draft>({});
  const [saved, setSaved] = useState('');
  const loaded = settings.data?.data;
  const value = {
    merchantName: loaded?.merchantName ?? '',
    brandColor: loaded?.brandColor ?? DEFAULT_COLOR,
    logo: loaded?.logo ?? null,
    ...draft,
  };
  const pick = useAction(async (file: File | undefined) => {
    if (file) setDraft({ ...draft, logo: await readLogo(file) });
  });
  // A colour typed as text that is not one yet: said at its field, and nothing is saved.
  const [hexValid, setHexValid] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const save = useAction(async () => {
    setSaved('');
    setSubmitted(true);
    if (!hexValid) return;
    await api.patch('/v1/settings', { body: draft });
    setDraft({});
    setSaved('Settings saved: the payment page shows them now.');
    settings.reload();
    // The header shows the merchant name too.
    if (draft.merchantName !== undefined) await refresh();
  });
  const readOnly = !can('settings.manage');
  return (
    <Section title="Business">
      <ErrorAlert error={settings.error} />
      <Form label="Business" onSubmit={() => save.run()}>
        <Field
          label="Merchant name"
          value={value.merchantName}
          onValue={(v) => setDraft({ ...draft, merchantName: v })}
          readOnly={readOnly}
          required
          maxLength={100}
        />
        <div class="field">
          <label for="logo-file">Logo</label>
          <input
            id="logo-file"
            type="file"
            accept={LOGO_TYPES.join(',')}
            disabled={readOnly}
            onChange={(e) => pick.run(e.currentTarget.files?.[0])}
            aria-describedby="logo-hint"
          />
          <small id="logo-hint" class="hint">
            PNG, JPEG or WebP, at most 256 KB
          </small>
          {value.logo && <img class="logo-preview" src={value.logo} alt="Logo preview" />}
          {value.logo && !readOnly && (
            <button type="button" class="secondary" onClick={() => setDraft({ ...draft, logo: null })}>
              Remove logo
            </button>
          )}
        </div>
        <BrandColorFields
          value={value.brandColor}
          onValue={(brandColor) => setDraft({ ...draft, brandColor })}
          onValid={setHexValid}
          readOnly={readOnly}
          checked={submitted}
        />
        <BrandPreview name={value.merchantName} logo={value.logo} color={value.brandColor} />
        <ErrorAlert error={pick.error ?? save.error} />
        <LiveStatus>{saved}</LiveStatus>
        {!readOnly && (
          <button type="submit" disabled={save.busy || Object.keys(draft).length === 0}>
            Save settings
          </button>
        )}
      </Form>
    </Section>
  );
}
