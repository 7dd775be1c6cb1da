// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseFieldset } from './fieldsets.js';

const one = (field: Record<string, unknown>) =>
  JSON.stringify({ name: 'T', fields: [{ id: 1, name: 'f', label: 'F', type: 'text', ...field }] });

describe('fieldset import', () => {
  it('reads YAML and JSON with defaults for the optional keys', async () => {
    const fs = await parseFieldset(
      'name: T\nfields:\n  - { id: 1, name: ni, label: NI, type: text, required: true }\n',
      't.yaml',
    );
    expect(fs.fields[0]).toMatchObject({
      required: true,
      input_pattern: null,
      allowed_values: null,
      dependent_field: null,
    });
  });

  it('refuses patterns that could take exponential time, and patterns that do not compile', async () => {
    await expect(parseFieldset(one({ input_pattern: '([A-Za-z ]+)+[0-9]' }), 't.json')).rejects.toThrow(
      /fields\.0\.input_pattern: may take exponential time/,
    );
    await expect(parseFieldset(one({ input_pattern: '[' }), 't.json')).rejects.toThrow(
      /fields\.0\.input_pattern: is not a valid pattern/,
    );
  });

  it('refuses impossible date limits and reserved names of the wrong type', async () => {
    await expect(parseFieldset(one({ type: 'date', max_date: '2024-13-45' }), 't.json')).rejects.toThrow(/max_date/);
    await expect(parseFieldset(one({ name: 'date_of_birth' }), 't.json')).rejects.toThrow(
      /date_of_birth fills the staff record and must be of type date/,
    );
    await expect(parseFieldset(one({ name: 'constructor' }), 't.json')).resolves.toBeDefined();
  });

  it('takes bank details only as a pair of text fields, since they fill the staff record together', async () => {
    const fields = (...more: Record<string, unknown>[]) =>
      JSON.stringify({
        name: 'T',
        fields: more.map((f, i) => ({ id: i + 1, label: String(f.name), type: 'text', ...f })),
      });
    await expect(parseFieldset(fields({ name: 'bank_account' }), 't.json')).rejects.toThrow(
      /fields\.0\.name: a field named bank_account needs a field named sort_code too/,
    );
    await expect(parseFieldset(fields({ name: 'nok_name' }, { name: 'sort_code' }), 't.json')).rejects.toThrow(
      /fields\.1\.name: a field named sort_code needs a field named bank_account too/,
    );
    await expect(
      parseFieldset(fields({ name: 'bank_account', type: 'number' }, { name: 'sort_code' }), 't.json'),
    ).rejects.toThrow(/bank_account fills the staff record and must be of type text/);
    await expect(
      parseFieldset(fields({ name: 'bank_account' }, { name: 'sort_code' }), 't.json'),
    ).resolves.toBeDefined();
  });

  it('refuses a dependent value its parent cannot take', async () => {
    const text = JSON.stringify({
      name: 'T',
      fields: [
        { id: 1, name: 'route', label: 'Route', type: 'radio', allowed_values: [{ key: 'a', value: 'A' }] },
        { id: 2, name: 'code', label: 'Code', type: 'text', dependent_field: 1, dependent_value: 'b' },
      ],
    });
    await expect(parseFieldset(text, 't.json')).rejects.toThrow(
      /fields\.1\.dependent_value: is not one of the keys of field 1/,
    );
  });
});
