import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ColumnHeads } from './column-heads';
import { QueryView } from './query-view';

/** A list as a real query answers it: `answers` are given out one per fetch (an Error is thrown). */
function List({ answers }: { answers: (string[] | Error | Promise<string[]>)[] }) {
  const query = useQuery({
    queryKey: ['list'],
    queryFn: async () => {
      const answer = answers.shift() ?? [];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    retry: false,
  });
  return (
    <QueryView
      query={query}
      loading="Loading the entries…"
      placeholders={['h-10', 'h-10']}
      isEmpty={(data) => data.length === 0}
      empty="No entries match."
    >
      {(data) => (
        <table>
          <ColumnHeads columns={['When', <span className="sr-only">Who</span>]} />
          <tbody>
            {data.map((row) => (
              <tr key={row}>
                <td>{row}</td>
                <td>—</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryView>
  );
}

const renderList = (answers: (string[] | Error | Promise<string[]>)[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List answers={answers} />
    </QueryClientProvider>,
  );

describe('a list fetched from the API', () => {
  it('says in a polite status what is loading, then shows the answer under named columns', async () => {
    let answer: (rows: string[]) => void = () => undefined;
    renderList([new Promise((resolve) => (answer = resolve))]);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the entries…');
    expect(status).toHaveAttribute('aria-live', 'polite');
    answer(['Monday']);
    expect(await screen.findByRole('cell', { name: 'Monday' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Who']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    renderList([[]]);
    expect(await screen.findByText('No entries match.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message in an alert, and 'Try again' asks again", async () => {
    const user = userEvent.setup();
    renderList([new Error('The audit log could not be read.'), ['Tuesday']]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit log could not be read.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Tuesday' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
