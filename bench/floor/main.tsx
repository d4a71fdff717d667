/**
 * The floor page of `npm run bench` (bench/run.ts, docs/decisions/026-main-thread-on-a-phone.md): a bare React 19
 * page with no router, no CSS framework and no data fetching, built by the bench and served by the app's own server.
 * Its DOM is about the size of /dashboard with 17 steps (a header, a progress panel, three sections, 17 step cards of
 * the same shape), so Lighthouse's score for it is what this machine gives a React page of that size: the floor that
 * /login and /dashboard are measured against in the same run.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const SECTIONS = [
  { title: 'Before your first day', steps: 6 },
  { title: 'Your accounts', steps: 6 },
  { title: 'Working with the team', steps: 5 },
];

function Step({ n }: { n: number }) {
  const [done, setDone] = useState(false);
  return (
    <article>
      <div className="icon" aria-hidden="true" />
      <div className="body">
        <div>
          <span>{done ? 'Completed' : n === 1 ? 'Current step' : 'Not started'}</span> <span>Getting started</span>
        </div>
        <h3>
          <button type="button" aria-expanded={false}>
            Step {n}: read the welcome note
          </button>
        </h3>
        <p>
          A short description of what this step asks you to do, and why it matters for your first weeks with the team.
        </p>
      </div>
      <div>
        <button type="button" onClick={() => setDone((d) => !d)}>
          {done ? 'Reset' : 'Complete'}
        </button>
      </div>
    </article>
  );
}

function Floor() {
  let n = 0;
  return (
    <>
      <header>
        <div className="wrap">
          <strong>Onboarding</strong> <span>Sam Volunteer</span> <button type="button">Sign out</button>
        </div>
      </header>
      <main>
        <div>
          <h1>Welcome, Sam!</h1>
          <p>You have completed 2 of 17 steps.</p>
          <div className="bar" role="progressbar" aria-label="Progress" aria-valuenow={12}>
            <div />
          </div>
        </div>
        {SECTIONS.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <h2>{section.title}</h2>
            <p>What the steps of this part are about.</p>
            <ol>
              {Array.from({ length: section.steps }, () => {
                n += 1;
                return (
                  <li key={n}>
                    <Step n={n} />
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </main>
      <footer>
        <div className="wrap">
          <p>Version 0.5.0 · Need help? Ask your coordinator.</p>
        </div>
      </footer>
    </>
  );
}

const root = document.getElementById('root');
if (root === null) throw new Error('The floor page has no #root.');
createRoot(root).render(
  <StrictMode>
    <Floor />
  </StrictMode>,
);
