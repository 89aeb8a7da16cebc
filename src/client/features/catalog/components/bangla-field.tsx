/**
 * An owner's text in Bangla beside its English field in the menu editor (decision 047): the
 * dish's name and description, a category's, an option group's or value's name. Its label says
 * which ("Name in Bangla (বাংলা)"); the field is `lang="bn"`. Left empty, guests reading Bangla
 * see the English text.
 */
export function BanglaField({
  label,
  value,
  onChange,
  maxLength,
  multiline = false,
  small = false,
  hiddenLabel = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  multiline?: boolean;
  small?: boolean;
  /** The label for assistive technology only (a compact row whose English field's label is hidden too). */
  hiddenLabel?: boolean;
}) {
  const common = {
    lang: 'bn',
    value,
    maxLength,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <label className="flex flex-col gap-1">
      <span className={hiddenLabel ? 'sr-only' : small ? 'text-sm' : 'font-semibold'}>{label}</span>
      {multiline ? (
        <textarea className="textarea w-full" rows={2} {...common} />
      ) : (
        <input className={`input w-full ${small ? 'input-sm' : ''}`} {...common} />
      )}
    </label>
  );
}
