// React and Vue components. Their tests render on the server (react-dom/server, vue/server-renderer)
// and test the state logic directly, so they run in Node without a browser.
import type { Recipe } from './recipe';

const HEADER = `import { test } from 'node:test';
import assert from 'node:assert/strict';
`;
const REACT_TEST = `${HEADER}import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
`;
const VUE_TEST = `${HEADER}import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
`;

const react = (recipe: Omit<Recipe, 'family' | 'kind' | 'framework' | 'jsx'>): Recipe => ({
  family: 'js',
  kind: 'component',
  framework: 'react',
  jsx: true,
  ...recipe,
});
const vue = (recipe: Omit<Recipe, 'family' | 'kind' | 'framework'>): Recipe => ({
  family: 'js',
  kind: 'component',
  framework: 'vue',
  ...recipe,
});

export const JS_UI: Recipe[] = [
  react({
    id: 'react.counter',
    entry: 'Counter',
    title: 'React counter component',
    description: 'A React counter with increment, decrement and reset buttons, using a reducer.',
    tags: ['react', 'counter', 'component', 'button', 'increment', 'state', 'usestate', 'reducer'],
    code: `import { useReducer } from 'react';

export type CounterAction = 'increment' | 'decrement' | 'reset';

export function counterReducer(count: number, action: CounterAction): number {
  if (action === 'increment') return count + 1;
  if (action === 'decrement') return count - 1;
  return 0;
}

export function Counter({ initial = 0 }: { initial?: number }) {
  const [count, dispatch] = useReducer(counterReducer, initial);
  return (
    <div className="counter">
      <button type="button" onClick={() => dispatch('decrement')} aria-label="decrement">-</button>
      <output aria-live="polite">{count}</output>
      <button type="button" onClick={() => dispatch('increment')} aria-label="increment">+</button>
      <button type="button" onClick={() => dispatch('reset')}>Reset</button>
    </div>
  );
}
`,
    tests: `${REACT_TEST}import { Counter, counterReducer } from './subject';

test('reducer', () => {
  assert.equal(counterReducer(1, 'increment'), 2);
  assert.equal(counterReducer(1, 'decrement'), 0);
  assert.equal(counterReducer(7, 'reset'), 0);
});

test('renders the initial count', () => {
  const html = renderToStaticMarkup(createElement(Counter, { initial: 5 }));
  assert.match(html, /<output aria-live="polite">5<\\/output>/);
  assert.equal((html.match(/<button/g) ?? []).length, 3);
});
`,
  }),
  react({
    id: 'react.todoList',
    entry: 'TodoList',
    title: 'React todo list component',
    description:
      'A React todo list: add tasks from an input, toggle them done, remove them, count remaining.',
    tags: ['react', 'todo', 'list', 'tasks', 'component', 'add', 'remove', 'checkbox', 'state'],
    code: `import { useState } from 'react';

export interface Todo {
  id: number;
  text: string;
  done: boolean;
}

export function addTodo(todos: Todo[], text: string): Todo[] {
  const trimmed = text.trim();
  if (!trimmed) return todos;
  return [...todos, { id: Math.max(0, ...todos.map((t) => t.id)) + 1, text: trimmed, done: false }];
}

export function toggleTodo(todos: Todo[], id: number): Todo[] {
  return todos.map((t) => (t.id === id ? { ...t, done: !t.done } : t));
}

export function removeTodo(todos: Todo[], id: number): Todo[] {
  return todos.filter((t) => t.id !== id);
}

export function TodoList({ initial = [] }: { initial?: Todo[] }) {
  const [todos, setTodos] = useState(initial);
  const [draft, setDraft] = useState('');
  const left = todos.filter((t) => !t.done).length;
  return (
    <section>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTodos(addTodo(todos, draft));
          setDraft('');
        }}
      >
        <input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="What needs doing?" />
        <button type="submit">Add</button>
      </form>
      <ul>
        {todos.map((todo) => (
          <li key={todo.id}>
            <label>
              <input type="checkbox" checked={todo.done} onChange={() => setTodos(toggleTodo(todos, todo.id))} />
              {todo.text}
            </label>
            <button type="button" onClick={() => setTodos(removeTodo(todos, todo.id))}>Remove</button>
          </li>
        ))}
      </ul>
      <p>{left} left</p>
    </section>
  );
}
`,
    tests: `${REACT_TEST}import { TodoList, addTodo, toggleTodo, removeTodo } from './subject';

test('list operations', () => {
  let todos = addTodo([], ' milk ');
  todos = addTodo(todos, '   ');
  todos = addTodo(todos, 'eggs');
  assert.deepEqual(todos.map((t) => [t.id, t.text]), [[1, 'milk'], [2, 'eggs']]);
  todos = toggleTodo(todos, 1);
  assert.equal(todos[0].done, true);
  assert.deepEqual(removeTodo(todos, 1).map((t) => t.id), [2]);
});

test('renders items and the count left', () => {
  const html = renderToStaticMarkup(createElement(TodoList, { initial: [{ id: 1, text: 'milk', done: true }, { id: 2, text: 'eggs', done: false }] }));
  assert.equal((html.match(/<li>/g) ?? []).length, 2);
  assert.match(html, /<p>1 left<\\/p>/);
});
`,
  }),
  react({
    id: 'react.loginForm',
    entry: 'LoginForm',
    title: 'React login form with validation',
    description:
      'A React login form with email and password fields, client-side validation messages and a submit callback.',
    tags: [
      'react',
      'form',
      'login',
      'signin',
      'email',
      'password',
      'validation',
      'input',
      'submit',
      'component',
    ],
    code: `import { useState, type FormEvent } from 'react';

export interface Credentials {
  email: string;
  password: string;
}

/** Field errors; an empty object means the form may be sent. */
export function validateCredentials({ email, password }: Credentials): Partial<Record<keyof Credentials, string>> {
  const errors: Partial<Record<keyof Credentials, string>> = {};
  if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email)) errors.email = 'Enter a valid email address';
  if (password.length < 8) errors.password = 'Password must have at least 8 characters';
  return errors;
}

export function LoginForm({ onSubmit }: { onSubmit: (credentials: Credentials) => void }) {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateCredentials>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCredentials(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <label>
        Email
        <input type="email" name="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} aria-invalid={Boolean(errors.email)} />
      </label>
      {errors.email && <p role="alert">{errors.email}</p>}
      <label>
        Password
        <input type="password" name="password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} aria-invalid={Boolean(errors.password)} />
      </label>
      {errors.password && <p role="alert">{errors.password}</p>}
      <button type="submit">Sign in</button>
    </form>
  );
}
`,
    tests: `${REACT_TEST}import { LoginForm, validateCredentials } from './subject';

test('validates', () => {
  assert.deepEqual(validateCredentials({ email: 'ada@example.com', password: 'longenough' }), {});
  assert.deepEqual(Object.keys(validateCredentials({ email: 'nope', password: 'short' })).sort(), ['email', 'password']);
});

test('renders both fields', () => {
  const html = renderToStaticMarkup(createElement(LoginForm, { onSubmit: () => {} }));
  assert.match(html, /type="email"/);
  assert.match(html, /type="password"/);
  assert.doesNotMatch(html, /role="alert"/);
});
`,
  }),
  react({
    id: 'react.sortableTable',
    entry: 'DataTable',
    title: 'React sortable data table',
    description:
      'A React table rendering rows with columns, sortable by clicking a column header (ascending/descending).',
    tags: ['react', 'table', 'data', 'grid', 'sort', 'sortable', 'columns', 'rows', 'component'],
    code: `import { useState } from 'react';

export interface Column<Row> {
  key: keyof Row & string;
  label: string;
}

export type SortState<Row> = { key: keyof Row & string; direction: 'asc' | 'desc' } | undefined;

export function sortRows<Row>(rows: readonly Row[], sort: SortState<Row>): Row[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    return x === y ? 0 : x < y ? -sign : sign;
  });
}

/** Clicking the sorted column flips the direction; another column sorts ascending. */
export function nextSort<Row>(sort: SortState<Row>, key: keyof Row & string): SortState<Row> {
  return sort?.key === key ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}

export function DataTable<Row extends Record<string, string | number>>({ rows, columns }: { rows: Row[]; columns: Column<Row>[] }) {
  const [sort, setSort] = useState<SortState<Row>>(undefined);
  return (
    <table>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} aria-sort={sort?.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <button type="button" onClick={() => setSort(nextSort(sort, column.key))}>{column.label}</button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sortRows(rows, sort).map((row, i) => (
          <tr key={i}>
            {columns.map((column) => (
              <td key={column.key}>{row[column.key]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
`,
    tests: `${REACT_TEST}import { DataTable, sortRows, nextSort } from './subject';

test('sorting', () => {
  const rows = [{ n: 'b', v: 2 }, { n: 'a', v: 3 }, { n: 'c', v: 1 }];
  assert.deepEqual(sortRows(rows, { key: 'v', direction: 'asc' }).map((r) => r.n), ['c', 'b', 'a']);
  assert.deepEqual(sortRows(rows, { key: 'n', direction: 'desc' }).map((r) => r.n), ['c', 'b', 'a']);
  assert.deepEqual(nextSort({ key: 'v', direction: 'asc' }, 'v'), { key: 'v', direction: 'desc' });
  assert.deepEqual(nextSort({ key: 'v', direction: 'asc' }, 'n'), { key: 'n', direction: 'asc' });
});

test('renders headers and cells', () => {
  const html = renderToStaticMarkup(createElement(DataTable, { rows: [{ n: 'x', v: 1 }], columns: [{ key: 'n', label: 'Name' }, { key: 'v', label: 'Value' }] }));
  assert.match(html, /Name<\\/button>/);
  assert.match(html, /<td>x<\\/td><td>1<\\/td>/);
});
`,
  }),
  react({
    id: 'react.searchFilter',
    entry: 'FilterableList',
    title: 'React searchable / filterable list',
    description: 'A React list with a search box that filters items case-insensitively as the user types.',
    tags: ['react', 'search', 'filter', 'list', 'input', 'query', 'component', 'autocomplete'],
    code: `import { useMemo, useState } from 'react';

export function filterItems(items: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  return needle ? items.filter((item) => item.toLowerCase().includes(needle)) : [...items];
}

export function FilterableList({ items, initialQuery = '' }: { items: string[]; initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const shown = useMemo(() => filterItems(items, query), [items, query]);
  return (
    <div>
      <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search…" aria-label="Search" />
      {shown.length === 0 ? <p>No matches</p> : <ul>{shown.map((item) => <li key={item}>{item}</li>)}</ul>}
    </div>
  );
}
`,
    tests: `${REACT_TEST}import { FilterableList, filterItems } from './subject';

test('filters case-insensitively', () => {
  assert.deepEqual(filterItems(['Apple', 'banana', 'Grape'], 'AP'), ['Apple', 'Grape']);
  assert.deepEqual(filterItems(['a'], '  '), ['a']);
});

test('renders matches or a message', () => {
  assert.match(renderToStaticMarkup(createElement(FilterableList, { items: ['Apple', 'Pear'], initialQuery: 'pe' })), /<li>Pear<\\/li>/);
  assert.match(renderToStaticMarkup(createElement(FilterableList, { items: ['Apple'], initialQuery: 'zz' })), /No matches/);
});
`,
  }),
  vue({
    id: 'vue.counter',
    entry: 'CounterButton',
    title: 'Vue counter component',
    description: 'A Vue 3 counter component with increment and reset, emitting the new count.',
    tags: ['vue', 'counter', 'component', 'button', 'increment', 'ref', 'state', 'emit'],
    code: `import { defineComponent, h, ref } from 'vue';

/** The counter's state and actions, usable on its own (a composable). */
export function useCounter(initial: number, step: number, onChange: (count: number) => void = () => {}) {
  const count = ref(initial);
  const increment = () => {
    count.value += step;
    onChange(count.value);
  };
  const reset = () => {
    count.value = initial;
    onChange(count.value);
  };
  return { count, increment, reset };
}

export const CounterButton = defineComponent({
  name: 'CounterButton',
  props: { initial: { type: Number, default: 0 }, step: { type: Number, default: 1 } },
  emits: ['change'],
  setup(props, { emit }) {
    const { count, increment, reset } = useCounter(props.initial, props.step, (n) => emit('change', n));
    return () =>
      h('div', { class: 'counter' }, [
        h('button', { type: 'button', onClick: increment }, 'Count: ' + count.value),
        h('button', { type: 'button', onClick: reset }, 'Reset'),
      ]);
  },
});
`,
    tests: `${VUE_TEST}import { CounterButton, useCounter } from './subject';

test('renders the initial count', async () => {
  const html = await renderToString(createSSRApp(CounterButton, { initial: 3 }));
  assert.match(html, /Count: 3/);
});

test('increments by the step and reports changes', () => {
  const changes: number[] = [];
  const counter = useCounter(1, 2, (n) => changes.push(n));
  counter.increment();
  counter.increment();
  assert.equal(counter.count.value, 5);
  counter.reset();
  assert.deepEqual(changes, [3, 5, 1]);
});
`,
  }),
  vue({
    id: 'vue.todoList',
    entry: 'TodoList',
    title: 'Vue todo list component',
    description: 'A Vue 3 todo list: add tasks, toggle done, remove, show how many are left.',
    tags: ['vue', 'todo', 'list', 'tasks', 'component', 'add', 'remove', 'reactive'],
    code: `import { computed, defineComponent, h, ref, type PropType } from 'vue';

export interface Todo {
  id: number;
  text: string;
  done: boolean;
}

export function addTodo(todos: Todo[], text: string): Todo[] {
  const trimmed = text.trim();
  return trimmed ? [...todos, { id: Math.max(0, ...todos.map((t) => t.id)) + 1, text: trimmed, done: false }] : todos;
}

export const TodoList = defineComponent({
  name: 'TodoList',
  props: { initial: { type: Array as PropType<Todo[]>, default: () => [] } },
  setup(props) {
    const todos = ref<Todo[]>([...props.initial]);
    const draft = ref('');
    const left = computed(() => todos.value.filter((t) => !t.done).length);
    const add = () => {
      todos.value = addTodo(todos.value, draft.value);
      draft.value = '';
    };
    return () =>
      h('section', [
        h('form', { onSubmit: (e: Event) => (e.preventDefault(), add()) }, [
          h('input', { value: draft.value, onInput: (e: Event) => (draft.value = (e.target as HTMLInputElement).value) }),
          h('button', { type: 'submit' }, 'Add'),
        ]),
        h(
          'ul',
          todos.value.map((todo) =>
            h('li', { key: todo.id }, [
              h('input', { type: 'checkbox', checked: todo.done, onChange: () => (todo.done = !todo.done) }),
              todo.text,
              h('button', { type: 'button', onClick: () => (todos.value = todos.value.filter((t) => t.id !== todo.id)) }, 'Remove'),
            ]),
          ),
        ),
        h('p', left.value + ' left'),
      ]);
  },
});
`,
    tests: `${VUE_TEST}import { TodoList, addTodo } from './subject';

test('adds trimmed todos with new ids', () => {
  const todos = addTodo(addTodo([], ' a '), 'b');
  assert.deepEqual(todos.map((t) => [t.id, t.text]), [[1, 'a'], [2, 'b']]);
  assert.equal(addTodo(todos, '  ').length, 2);
});

test('renders items and the count left', async () => {
  const html = await renderToString(createSSRApp(TodoList, { initial: [{ id: 1, text: 'milk', done: false }, { id: 2, text: 'eggs', done: true }] }));
  assert.equal((html.match(/<li>/g) ?? []).length, 2);
  assert.match(html, /<p>1 left<\\/p>/);
});
`,
  }),
  vue({
    id: 'vue.pagination',
    entry: 'PaginatedList',
    title: 'Vue paginated list component',
    description:
      'A Vue 3 component showing a list page by page with previous/next buttons and a page indicator.',
    tags: ['vue', 'pagination', 'pages', 'paginate', 'list', 'next', 'previous', 'component'],
    code: `import { computed, defineComponent, h, ref, type PropType } from 'vue';

/** The items of 1-based \`page\`, clamped to the pages there are. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(pages, Math.max(1, page));
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, pages };
}

export const PaginatedList = defineComponent({
  name: 'PaginatedList',
  props: {
    items: { type: Array as PropType<string[]>, required: true },
    perPage: { type: Number, default: 10 },
    initialPage: { type: Number, default: 1 },
  },
  setup(props) {
    const page = ref(props.initialPage);
    const view = computed(() => pageOf(props.items, page.value, props.perPage));
    return () =>
      h('nav', [
        h('ul', view.value.items.map((item) => h('li', item))),
        h('button', { type: 'button', disabled: view.value.page <= 1, onClick: () => (page.value = view.value.page - 1) }, 'Previous'),
        h('span', 'Page ' + view.value.page + ' of ' + view.value.pages),
        h('button', { type: 'button', disabled: view.value.page >= view.value.pages, onClick: () => (page.value = view.value.page + 1) }, 'Next'),
      ]);
  },
});
`,
    tests: `${VUE_TEST}import { PaginatedList, pageOf } from './subject';

test('pages', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  assert.deepEqual(pageOf(items, 2, 2), { items: ['c', 'd'], page: 2, pages: 3 });
  assert.deepEqual(pageOf(items, 9, 2).page, 3);
  assert.deepEqual(pageOf([], 1, 2), { items: [], page: 1, pages: 1 });
});

test('renders one page', async () => {
  const html = await renderToString(createSSRApp(PaginatedList, { items: ['a', 'b', 'c'], perPage: 2, initialPage: 2 }));
  assert.match(html, /<li>c<\\/li>/);
  assert.doesNotMatch(html, /<li>a<\\/li>/);
  assert.match(html, /Page 2 of 2/);
});
`,
  }),
];
