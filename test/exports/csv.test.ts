/** CSV writing for the exports: RFC 4180 quoting and the formula-injection guard. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvField, csvHeader, csvRow, num, text, time } from '../../src/modules/exports/csv.ts';

describe('CSV', () => {
  it('quotes fields with commas, quotes, CR or LF (quotes doubled) and ends records with CRLF', () => {
    assert.equal(
      csvRow([text('plain'), text('a,b'), text('say "hi"'), text('two\nlines'), text('cr\rhere'), null]),
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\n',
    );
    assert.equal(csvHeader(['id', 'orderId']), 'id,orderId\r\n');
    assert.equal(csvField(text('')), '');
    assert.equal(csvField(text('ünïcode ✓')), 'ünïcode ✓');
  });

  it("prefixes ' to text a spreadsheet would run as a formula, never to numbers", () => {
    for (const [input, out] of [
      ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
      ['+1+2', "'+1+2"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tx', "'\tx"],
      ['\r=1', `"'\r=1"`],
      ['a=b', 'a=b'],
    ]) {
      assert.equal(csvField(text(input)), out, JSON.stringify(input));
    }
    // Amounts are exact decimal strings, negative ones included, written as they are.
    assert.equal(csvField(num('-12.000000000000000001')), '-12.000000000000000001');
    assert.equal(csvField(num('0.1')), '0.1');
    assert.equal(csvField(time(new Date('2024-05-01T10:00:00.000Z'))), '2024-05-01T10:00:00.000Z');
    assert.equal(csvField(num(null)), '');
  });
});
