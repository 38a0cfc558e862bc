/**
 * Reads a form's text fields into the contract's shape: values are trimmed, empty optional fields are left out
 * (the schemas reject an empty phone, for instance), required fields stay present even when empty so that the
 * validator reports them with their own message, and a ticked consent box becomes `true`.
 */
export function readFormValues(form: FormData, fields: { required: readonly string[]; optional: readonly string[] }): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const values: Record<string, unknown> = {};
  for (const name of fields.required) values[name] = text(name);
  for (const name of fields.optional) if (text(name)) values[name] = text(name);
  values.consent = form.get('consent') === 'on';
  return values;
}
