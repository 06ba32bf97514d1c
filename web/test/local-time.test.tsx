// @vitest-environment jsdom
/**
 * Times in a reader's own zone are not written by the server's drawing of a page (its zone is not theirs, and React
 * keeps the attributes of a page it takes over as written): they are filled in right after the first render.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { EditedMark } from '../src/features/polls/EditedMark';
import { trCreator } from '../src/i18n/tr-creator';
import { formatDateTime } from '../src/lib/time';
import { themes } from '../src/theme/themes';

const editedAt = '2026-03-05T11:30:00.000Z';

describe("a poll's edit time", () => {
  it('is no part of the first render (the server draws none), then the reader’s own clock’s', async () => {
    const mark = (
      <ThemeProvider theme={themes.dark}>
        <EditedMark poll={{ editedAt }} />
      </ThemeProvider>
    );
    expect(renderToString(mark)).not.toContain('title=');
    render(mark);
    const shown = screen.getByText('düzenlendi');
    await waitFor(() => expect(shown.getAttribute('title')).toBe(trCreator.editedAt(formatDateTime(editedAt))));
  });
});
