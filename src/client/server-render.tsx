import type { FirstScreenRenderer } from '@shared/document-answers';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { appElement } from './app/app-element';
import { seedFirstAnswers } from './app/first-answers';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/react-query';

/**
 * The dashboard's first screen rendered on the server (docs/decisions/030-dashboard-first-screen-from-the-server.md):
 * the entry of the build's server bundle (`vite build --ssr`, dist/ssr/server-render.js), which the server loads at
 * start-up (src/server/plugins/document-answers.ts). The page renders from the API answers its document carries, as the
 * browser's first render does from the same answers, so that the browser hydrates this HTML instead of rendering the
 * page anew; widgets that load their own code show 'Loading…' until the browser has it.
 * @param url the page's address, path and query string
 * @param answers the API answers of dashboardAnswerPaths (src/shared/document-answers.ts)
 * @param width the screen to render for (the server's guess from the request)
 * @param mobileWarningDismissed whether the browser sent the mobile warning's dismissal cookie: no notice then
 * @returns the HTML inside `<div id="root">`, or null when the answers hold no member and their steps
 * @throws whatever rendering throws (the server then sends the document without a first screen)
 */
export const renderFirstScreen: FirstScreenRenderer = (url, answers, width, mobileWarningDismissed = false) => {
  const queryClient = createQueryClient();
  try {
    if (seedFirstAnswers(queryClient, answers) === undefined) return null;
    return renderToString(
      appElement(
        queryClient,
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>,
        width,
        mobileWarningDismissed,
      ),
    );
  } finally {
    queryClient.clear();
  }
};
