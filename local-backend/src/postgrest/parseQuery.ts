import { PostgrestError } from './PostgrestError';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new PostgrestError(400, 'PGRST100', `"${name}" is not a valid name`);
  return `"${name}"`;
}

export interface ParsedQuery {
  /** Column list for SELECT / RETURNING, already quoted, or "*". */
  select: string;
  /** The WHERE clause (without the keyword) or "true", and its parameters from $offset+1 on. */
  where: string;
  params: unknown[];
  order: string;
  limit: string;
  /** Columns named by ?columns= (insert), if any. */
  columns: string[] | null;
}

function parseSelect(value: string | null): string {
  if (!value || value === '*') return '*';
  return value
    .split(',')
    .map((column) => quoteIdentifier(column.trim()))
    .join(', ');
}

function parseFilter(column: string, expression: string, params: unknown[], offset: number): string {
  const negated = expression.startsWith('not.');
  const body = negated ? expression.slice(4) : expression;
  const dot = body.indexOf('.');
  const operator = body.slice(0, dot);
  const operand = body.slice(dot + 1);
  const target = quoteIdentifier(column);
  let condition: string;
  if (operator in COMPARISONS) {
    params.push(operand);
    condition = `${target} ${COMPARISONS[operator]} $${offset + params.length}`;
  } else if (operator === 'like' || operator === 'ilike') {
    params.push(operand.replace(/\*/g, '%'));
    condition = `${target} ${operator} $${offset + params.length}`;
  } else if (operator === 'is' && ['null', 'true', 'false'].includes(operand)) {
    condition = `${target} is ${operand}`;
  } else if (operator === 'in' && /^\(.*\)$/.test(operand)) {
    params.push(
      operand
        .slice(1, -1)
        .split(',')
        .map((item) => item.trim().replace(/^"(.*)"$/, '$1')),
    );
    condition = `${target}::text = any($${offset + params.length}::text[])`;
  } else {
    throw new PostgrestError(400, 'PGRST100', `"${expression}" is not a filter this server understands`);
  }
  return negated ? `not (${condition})` : condition;
}

function parseOrder(value: string | null): string {
  if (!value) return '';
  const terms = value.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.');
    const direction = modifiers.includes('desc') ? 'desc' : 'asc';
    const nulls = modifiers.includes('nullsfirst')
      ? ' nulls first'
      : modifiers.includes('nullslast')
        ? ' nulls last'
        : '';
    return `${quoteIdentifier(column)} ${direction}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

function parseCount(name: string, value: string | null): string {
  if (value === null) return '';
  if (!/^\d+$/.test(value)) throw new PostgrestError(400, 'PGRST100', `${name} must be a whole number`);
  return ` ${name} ${value}`;
}

/** Reads PostgREST's query string: select, filters (col=op.value), order, limit, offset, columns. */
export function parseQuery(search: URLSearchParams, paramOffset = 0): ParsedQuery {
  const params: unknown[] = [];
  const conditions: string[] = [];
  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue;
    conditions.push(parseFilter(key, value, params, paramOffset));
  }
  const columns = search.get('columns');
  return {
    select: parseSelect(search.get('select')),
    where: conditions.length ? conditions.join(' and ') : 'true',
    params,
    order: parseOrder(search.get('order')),
    limit: parseCount('limit', search.get('limit')) + parseCount('offset', search.get('offset')),
    columns: columns ? columns.split(',').map((column) => column.replace(/"/g, '').trim()) : null,
  };
}
