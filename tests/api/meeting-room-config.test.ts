import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { meetingRoomName, meetingUrl } from '../../server/modules/classroom/meeting-room.js';

/**
 * The conferencing provider's setting (MEETING_BASE_URL, README "Configuration") and the room-name
 * rule (server/modules/classroom/meeting-room.ts; docs/classroom.md "Meeting room").
 */

const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-meeting-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const SECRET = 'test-secret-that-is-long-enough-0123456789';
const baseUrlOf = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env }).meetingBaseUrl;

describe('MEETING_BASE_URL', () => {
  it('defaults to Jitsi Meet and takes any http(s) URL, its trailing slash trimmed', () => {
    expect(baseUrlOf({})).toBe('https://meet.jit.si');
    expect(baseUrlOf({ MEETING_BASE_URL: '' })).toBe('https://meet.jit.si');
    expect(baseUrlOf({ MEETING_BASE_URL: 'https://jitsi.example.org/' })).toBe('https://jitsi.example.org');
    expect(baseUrlOf({ MEETING_BASE_URL: 'https://example.org/meet//' })).toBe('https://example.org/meet');
    expect(baseUrlOf({ MEETING_BASE_URL: 'http://127.0.0.1:8443' })).toBe('http://127.0.0.1:8443');
  });

  it('`none` turns the automatic rooms off', () => {
    expect(baseUrlOf({ MEETING_BASE_URL: 'none' })).toBeNull();
    expect(baseUrlOf({ MEETING_BASE_URL: 'NONE' })).toBeNull();
  });

  it('refuses anything else with an error naming the variable', () => {
    for (const value of ['meet.jit.si', 'ftp://meet.example.org', 'off']) {
      let error: unknown = null;
      try {
        baseUrlOf({ MEETING_BASE_URL: value });
      } catch (err) {
        error = err;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe('MEETING_BASE_URL');
      expect((error as ConfigError).message).toBe(
        `Configuration error: MEETING_BASE_URL must be an http(s) URL such as https://meet.jit.si or none, got "${value}"`,
      );
    }
  });
});

describe('meetingRoomName / meetingUrl', () => {
  const OTHER = 'another-secret-that-is-long-enough-987654321';

  it('is Halaqa-<session id>-<20 hex digits>, the same on every call, one per session and secret', () => {
    const room = meetingRoomName(SECRET, 42);
    expect(room).toMatch(/^Halaqa-42-[0-9a-f]{20}$/);
    expect(meetingRoomName(SECRET, 42)).toBe(room);
    expect(meetingRoomName(SECRET, 43)).not.toBe(room);
    expect(meetingRoomName(OTHER, 42)).toMatch(/^Halaqa-42-[0-9a-f]{20}$/);
    expect(meetingRoomName(OTHER, 42)).not.toBe(room);
    // Nothing of the secret shows in the name.
    expect(room.slice('Halaqa-42-'.length)).not.toContain(SECRET.slice(0, 8));
  });

  it('answers the pasted link first, else the room at the provider, else null', () => {
    const rooms = { baseUrl: 'https://meet.jit.si', secret: SECRET };
    expect(meetingUrl('https://zoom.example.org/j/1', 42, rooms)).toBe('https://zoom.example.org/j/1');
    expect(meetingUrl(null, 42, rooms)).toBe(`https://meet.jit.si/${meetingRoomName(SECRET, 42)}`);
    expect(meetingUrl('', 42, rooms)).toBe(`https://meet.jit.si/${meetingRoomName(SECRET, 42)}`);
    expect(meetingUrl(null, 42, { ...rooms, baseUrl: null })).toBeNull();
    expect(meetingUrl('https://zoom.example.org/j/1', 42, { ...rooms, baseUrl: null })).toBe(
      'https://zoom.example.org/j/1',
    );
  });
});
