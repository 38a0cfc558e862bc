import { renderToStaticMarkup } from 'react-dom/server';
import { CheckRow, Checkbox, Field, FieldError, FileInput, Select, TextArea, TextInput, controlClass, describedBy, fieldIds } from './form-controls';

/** The attributes of the first element with this tag in server HTML. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)?.[1] ?? '';
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
}

describe('form primitives', () => {
  it('give every text control the same themed look, keeping the caller’s class and attributes', () => {
    for (const [html, tag] of [
      [renderToStaticMarkup(<TextInput type="email" name="email" className="own" />), 'input'],
      [renderToStaticMarkup(<TextArea name="text" rows={4} />), 'textarea'],
      [
        renderToStaticMarkup(
          <Select name="s">
            <option>1</option>
          </Select>,
        ),
        'select',
      ],
      [renderToStaticMarkup(<FileInput name="files" multiple />), 'input'],
    ] as const) {
      expect(attributesOf(html, tag).class?.split(' ')).toContain(controlClass);
    }
    expect(attributesOf(renderToStaticMarkup(<TextInput type="email" name="email" className="own" />), 'input')).toMatchObject({
      type: 'email',
      name: 'email',
      class: `${controlClass} own`,
    });
    expect(attributesOf(renderToStaticMarkup(<FileInput name="files" />), 'input').type).toBe('file');
  });

  it('put a checkbox and its text in one label, the whole row clickable', () => {
    const html = renderToStaticMarkup(
      <CheckRow htmlFor="c">
        <Checkbox id="c" name="consent" />
        <span>I agree</span>
      </CheckRow>,
    );
    expect(html).toMatch(/^<label[^>]*><input [^>]+\/><span>I agree<\/span><\/label>$/);
    expect(attributesOf(html, 'label').for).toBe('c');
    expect(attributesOf(html, 'input')).toMatchObject({ type: 'checkbox', id: 'c', name: 'consent' });
  });

  it('tie a field’s label, hint and error to its control for assistive technology', () => {
    const html = renderToStaticMarkup(
      <Field formId="f" name="email" label="Email" hint="We answer here" error="Enter a valid email">
        {(control) => <TextInput {...control} type="email" />}
      </Field>,
    );
    const ids = fieldIds('f', 'email');
    expect(html).toContain(`<label for="${ids.control}"`);
    expect(attributesOf(html, 'input')).toMatchObject({
      id: ids.control,
      name: 'email',
      'aria-invalid': 'true',
      'aria-describedby': `${ids.hint} ${ids.error}`,
    });
    expect(html).toMatch(new RegExp(`<p[^>]* id="${ids.hint}"[^>]*>We answer here</p>`));
    expect(html).toMatch(new RegExp(`<p id="${ids.error}"[^>]* data-field-error="true"><span aria-hidden="true">⚠ </span>Enter a valid email</p>`));
  });

  it('leave a valid field without error state or an empty description', () => {
    const html = renderToStaticMarkup(
      <Field formId="f" name="name" label="Name">
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    const input = attributesOf(html, 'input');
    expect(input['aria-invalid']).toBe('false');
    expect(input).not.toHaveProperty('aria-describedby');
    expect(html).not.toContain('data-field-error');
  });

  it('mark an error with words and a marker, not colour alone', () => {
    expect(renderToStaticMarkup(<FieldError id="e">Required</FieldError>)).toMatch(
      /<p id="e" class="[^"]+" data-field-error="true"><span aria-hidden="true">⚠ <\/span>Required<\/p>/,
    );
    expect(describedBy('a', false, undefined, 'b')).toBe('a b');
    expect(describedBy(false, null)).toBeUndefined();
  });
});
