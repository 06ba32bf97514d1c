// The files the live-counts scenario's processes pass each other (deploy/bench/live-run.mjs, live-clients.mjs): each
// reader goes by a file's appearance, so each file is written aside and renamed into place, whole once it appears.
import { renameSync, writeFileSync } from 'node:fs';

/**
 * Writes `file` whole, as it appears to whoever waits for it: aside first, then renamed into place (a test read
 * ready.json empty, between its creation and its write).
 * @param {string} file
 * @param {string | NodeJS.ArrayBufferView} data
 */
export function handOver(file, data) {
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}
