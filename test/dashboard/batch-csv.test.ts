/**
 * The batch upload's reading of CSV in the browser (ui/dashboard/src/csv.ts, batch-rows.ts): RFC
 * 4180 quoting and line ends as spreadsheets write them, the header and its column order, each row's
 * problem said before anything is sent, the quote's refusals put back at the rows they name, and the
 * results CSV read by the server's own column names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ApiError } from '../../ui/dashboard/src/api.ts';
import { MAX_ROWS, RESULT_COLUMNS, readBatch, readResults, refusalsByRow, type BatchRow } from '../../ui/dashboard/src/batch-rows.ts';
import { parseCsv, separatorOf } from '../../ui/dashboard/src/csv.ts';
import { RESULT_COLUMNS as SERVER_COLUMNS } from '../../src/modules/withdrawals/batch/read.ts';
import { csvRow, text } from '../../src/modules/exports/csv.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const cells = (t: string) => {
  const r = parseCsv(t);
  assert.ok(r.ok, JSON.stringify(r));
  return r.records.map((x) => x.cells);
};

describe('CSV as spreadsheets write it', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks, CRLF or LF, a BOM and blank lines', () => {
    assert.deepEqual(cells('a,b\r\n"x, y","say ""hi"""\r\n'), [
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
    assert.deepEqual(cells('\uFEFFa,b\n\n"two\nlines",c\n'), [
      ['a', 'b'],
      ['two\nlines', 'c'],
    ]);
    assert.deepEqual(cells('a,,c\n,\n""\n'), [['a', '', 'c'], ['', ''], ['']]);
    assert.deepEqual(cells(''), []);
    const r = parseCsv('h\n"x\ny"\nz');
    assert.ok(r.ok);
    assert.deepEqual(
      r.records.map((x) => x.line),
      [1, 2, 4],
      'a record names the line it starts on',
    );
  });

  it('takes a semicolon as the separator when the first line has semicolons and no comma', () => {
    assert.equal(separatorOf('currency;address;amount\nETH;0x1;1,5'), ';');
    assert.equal(separatorOf('"a;b",c'), ',');
    assert.deepEqual(cells('currency;amount\nETH;1,5\n'), [
      ['currency', 'amount'],
      ['ETH', '1,5'],
    ]);
  });

  it('says which line is not CSV: a quote never closed, text after a closing quote, a quote inside an unquoted cell', () => {
    assert.deepEqual(parseCsv('a\n"open,b\nc'), { ok: false, line: 2, message: 'A quoted cell is never closed: a quote is missing' });
    assert.equal((parseCsv('a\n"x"y,b') as { line: number }).line, 2);
    assert.equal((parseCsv('a\nab"c') as { line: number }).line, 2);
  });

  it('reads back whatever the server writes, cell for cell', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const safe = rows.map((r) => r.map((c) => c.replace(/^[=+\-@\t\r]/, 'x')));
          const written = safe.map((r) => csvRow(r.map(text))).join('');
          assert.deepEqual(cells(written), safe);
        },
      ),
    );
  });
});

describe('batch rows', () => {
  const rows = (t: string) => {
    const r = readBatch(t);
    assert.ok(r.ok, JSON.stringify(r));
    return r.rows;
  };

  it('reads a header in any column order, or the documented order without one; orderId is optional', () => {
    const a = rows(`Amount,Address,Currency,Order ID\n10.5,${TRON},USDT_TRC20,inv-1\n`);
    assert.deepEqual(a, [{ line: 2, currency: 'USDT_TRC20', address: TRON, amount: '10.5', orderId: 'inv-1' }]);
    const b = rows(`USDT_TRC20, ${TRON} ,7\nETH,0xabc,0.000000000000000001,x\n`);
    assert.deepEqual(
      b.map((r) => [r.line, r.currency, r.address, r.amount, r.orderId, r.problem]),
      [
        [1, 'USDT_TRC20', TRON, '7', '', undefined],
        [2, 'ETH', '0xabc', '0.000000000000000001', 'x', undefined],
      ],
    );
    assert.equal(rows('currency,address,amount\nETH,0xabc,1\n')[0]?.orderId, '');
  });

  it('says per row what keeps it from being sent, and keeps the others', () => {
    const got = rows(
      [
        'currency,address,amount,orderId',
        'ETH,0xabc,',
        ',0xabc,1',
        'ETH,,1',
        'ETH,0xabc,"1,5"',
        'ETH,0xabc,1e3',
        'ETH,0xabc,-1',
        'ETH,0xabc,1,a,b',
        `ETH,0xabc,${'9'.repeat(16)}`,
        'ETH,0xabc,2',
      ].join('\n'),
    );
    assert.deepEqual(
      got.map((r) => [r.line, r.problem]),
      [
        [2, 'No amount.'],
        [3, 'No currency.'],
        [4, 'No address.'],
        [5, 'Write the amount with a decimal point (12.5), not a comma.'],
        [6, 'The amount is not a plain decimal: digits and at most one point, no currency, sign or digit groups.'],
        [7, 'The amount is not a plain decimal: digits and at most one point, no currency, sign or digit groups.'],
        [8, 'The row has 1 more value than the file has columns.'],
        [9, 'The amount is more than a batch item can be (10^15).'],
        [10, undefined],
      ],
    );
  });

  it('refuses a file as a whole: not CSV, empty, a header alone, an unknown or doubled column, more than 1,000 rows', () => {
    const message = (t: string) => {
      const r = readBatch(t);
      assert.ok(!r.ok);
      return r.message;
    };
    assert.match(message('a\n"open'), /^Line 2: A quoted cell is never closed/);
    assert.match(message('\n\n'), /no rows/);
    assert.match(message('currency,address,amount\n'), /header row and no rows/);
    assert.match(message('currency,address,amount,memo\nETH,0x,1,x'), /column "memo"/);
    assert.match(message('currency,address,amount,amount\nETH,0x,1,1'), /amount twice/);
    assert.match(message('currency,amount\nETH,1'), /no address column/);
    const many = Array.from({ length: MAX_ROWS + 1 }, () => `ETH,0xabc,1`).join('\n');
    assert.match(message(many), /1001 rows; a batch takes at most 1000/);
    assert.equal(rows(Array.from({ length: MAX_ROWS }, () => `ETH,0xabc,1`).join('\n')).length, MAX_ROWS);
  });

  it("puts the quote's refusals at the rows sent, by their index in the request, and names another row by its line", () => {
    const file: BatchRow[] = rows(
      ['currency,address,amount,orderId', 'ETH,0xabc,1,a', 'ETH,0xabc,', 'ETH,0xabc,1,a', 'DOGE,x,1'].join('\n'),
    );
    const sent = [0, 2, 3]; // row 1 (line 3) has no amount and was not sent
    const refused = new ApiError(400, 'exceptions.withdrawal.batchInvalid', 'Items of the batch were refused', {
      errors: [
        { index: 1, code: 'exceptions.withdrawal.orderIdAlreadyExists', message: 'm', extension: { orderId: 'a', sameAsIndex: 0 } },
        {
          index: 2,
          code: 'exceptions.withdrawal.currencyNotFound',
          message: 'Unknown crypto currency',
          extension: { cryptoCurrencyCode: 'DOGE' },
        },
      ],
    });
    assert.deepEqual(
      [...(refusalsByRow(refused, sent, file) ?? [])],
      [
        [2, 'Line 2 has this order id too: each payout needs its own.'],
        [3, 'DOGE is not a currency code of this gateway (USDT_TRC20, ETH, …).'],
      ],
    );
    const invalid = new ApiError(400, 'exceptions.validation.failed', 'Validation failed', {
      fields: [{ field: 'items.1.address', message: 'must NOT have more than 128 characters' }],
    });
    assert.deepEqual([...(refusalsByRow(invalid, sent, file) ?? [])], [[2, 'This value must NOT have more than 128 characters.']]);
    const balance = new ApiError(400, 'exceptions.withdrawal.insufficientBalance', 'short', { cryptoCurrencyCode: 'ETH' });
    assert.equal(refusalsByRow(balance, sent, file), null, 'a balance short is about the whole batch');
  });

  it("reads the results CSV by the server's column names, values as written", () => {
    assert.deepEqual(RESULT_COLUMNS, SERVER_COLUMNS);
    const csv =
      csvRow(SERVER_COLUMNS.map(text)) +
      csvRow(
        [
          '0',
          'w-1',
          '-neg',
          'created',
          'ETH',
          'Ethereum',
          '0xabc',
          '0.000000000000000001',
          '0.001',
          '0.001000000000000001',
          '',
          't1',
          't2',
        ].map(text),
      );
    const [item] = readResults(csv);
    assert.equal(item?.amount, '0.000000000000000001');
    assert.equal(item?.orderId, '-neg', "the CSV's formula guard is taken off for display");
    assert.throws(() => readResults('index,other\r\n'), /columns this page does not know/);
  });
});
