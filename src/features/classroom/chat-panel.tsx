import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { baselineSpreadRow } from '@/components/ui/layout-styles';
import { classroomPanel } from './styles';
import { plainList, sectionHeading } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextareaField } from '@/components/ui/field';
import { useMeridiem } from '@/components/ui/schedule';
import { visuallyHidden } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { formatInstant } from '@/lib/classroom-time';
import { browserTimeZone } from '@/lib/time-slots';
import { selectIsLoggedIn, selectRecord } from '@machines/auth.selectors';
import { createChatActors } from '@machines/chat.actors';
import { CHAT_MAX_LENGTH, type ChatMessage, type ChatNotice, chatMachine } from '@machines/chat.machine';
import * as chat from '@machines/chat.selectors';
import { useUiLocale } from './meeting';

/**
 * The session chat of a classroom (machines/chat.machine.ts): the conversation of
 * the session's learners and educator, live over a WebSocket. Messages are plain text shown as text
 * (never HTML). New messages that arrive live are announced politely (an aria-live region); the
 * list scrolls and takes the keyboard; Enter sends, Shift+Enter starts a new line. Signing out
 * resets the chat (product.md#states) and closes the socket.
 */
export function ChatPanel({ api, auth, sessionId }: { api: Api; auth: AuthActor; sessionId: number }) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  const zone = browserTimeZone();
  const userId = selectRecord(auth.getSnapshot())?.user.id ?? 0;
  const machine = useMemo(
    () =>
      chatMachine.provide({
        actors: createChatActors(api, {
          socketUrl: (id) => {
            const record = selectRecord(auth.getSnapshot());
            if (!record) return null;
            const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
            return `${scheme}//${window.location.host}/api/sessions/${id}/chat/socket?token=${encodeURIComponent(record.token)}&auth-legacy=${record.federationAuth ? 0 : 1}`;
          },
        }),
      }),
    [api, auth],
  );
  const [snapshot, send] = useMachine(machine, { input: { sessionId, userId } });

  // product.md#states: the chat's state resets on sign-out.
  useEffect(() => {
    const subscription = auth.subscribe((s) => {
      if (!selectIsLoggedIn(s)) send({ type: 'auth.signedOut' });
    });
    return () => subscription.unsubscribe();
  }, [auth, send]);

  const list = useRef<HTMLOListElement>(null);
  const messages = chat.messages(snapshot);
  const lastId = messages.at(-1)?.id;
  // Follow the conversation: a new last message scrolls the list to the end.
  useEffect(() => {
    const el = list.current?.parentElement;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const arrived = chat.arrivedMessage(snapshot);
  const notice = chat.notice(snapshot);
  const refusal = chat.refusal(snapshot);
  const left = chat.charactersLeft(snapshot);
  const timeOf = (m: ChatMessage) => formatInstant(m.createdAt, zone, locale, meridiem);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    send({ type: 'chat.sent' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Card
      as="section"
      aria-labelledby="chat-title"
      className={cx(classroomPanel, css({ display: 'flex', flexDirection: 'column', gap: '3' }))}
    >
      <div className={cx(baselineSpreadRow, css({ gap: '2' }))}>
        <h2 id="chat-title" className={sectionHeading()}>
          <Trans>Session chat</Trans>
        </h2>
        <p role="status" data-testid="chat-status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {chat.isConnected(snapshot) ? (
            <Trans>Connected</Trans>
          ) : chat.isReconnecting(snapshot) ? (
            <Trans>Connection lost. Reconnecting in {Math.ceil(chat.reconnectInMs(snapshot) / 1000)} s…</Trans>
          ) : chat.isConnecting(snapshot) ? (
            <Trans>Connecting…</Trans>
          ) : null}
        </p>
      </div>

      {refusal !== null ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
          <p className={css({ color: 'error.strong' })}>
            {refusal === 4401 ? (
              <Trans>Your session has ended. Sign in again to chat.</Trans>
            ) : (
              <Trans>You cannot take part in this chat.</Trans>
            )}
          </p>
          <Button variant="outline" size="sm" onClick={() => send({ type: 'chat.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {chat.isReconnecting(snapshot) ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => send({ type: 'chat.retry' })}>
            <Trans>Reconnect now</Trans>
          </Button>
        </div>
      ) : null}

      {/* Announces live arrivals only (not the history), politely. */}
      <div aria-live="polite" aria-atomic="true" className={visuallyHidden} data-testid="chat-announcer">
        {arrived && arrived.author.id !== userId ? t`New message from ${arrived.author.name}: ${arrived.text}` : ''}
      </div>

      <div
        tabIndex={0}
        role="region"
        aria-label={t`Chat messages`}
        aria-busy={chat.isLoadingHistory(snapshot) || undefined}
        className={css({
          maxHeight: '24rem',
          overflowY: 'auto',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
          padding: '3',
          bg: 'bg.subtle',
          _focusVisible: { outline: '2px solid', outlineColor: 'primary.strong', outlineOffset: '2px' },
        })}
      >
        {chat.canLoadOlder(snapshot) ? (
          <div className={css({ display: 'flex', justifyContent: 'center', marginBlockEnd: '2' })}>
            <Button variant="ghost" size="sm" onClick={() => send({ type: 'chat.olderRequested' })}>
              <Trans>Show older messages</Trans>
            </Button>
          </div>
        ) : null}
        {chat.historyFailed(snapshot) ? (
          <div
            className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', marginBlockEnd: '2' })}
          >
            <p className={css({ color: 'error.strong', fontSize: 'sm' })}>
              <Trans>The earlier messages could not be loaded.</Trans>
            </p>
            <Button variant="outline" size="sm" onClick={() => send({ type: 'chat.historyRetried' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : null}
        {messages.length === 0 && !chat.isLoadingHistory(snapshot) && chat.isConnected(snapshot) ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            <Trans>No messages yet. Say hello!</Trans>
          </p>
        ) : null}
        <ol ref={list} data-testid="chat-messages" className={plainList()}>
          {messages.map((m) => {
            const name = m.author.name;
            const mine = m.author.id === userId;
            return (
              <li
                key={m.id}
                data-testid="chat-message"
                className={css({
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '1',
                  alignItems: mine ? 'flex-end' : 'flex-start',
                })}
              >
                <div
                  className={css({
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'baseline',
                    gap: '2',
                    fontSize: 'xs',
                    color: 'fg.muted',
                  })}
                >
                  <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                    <bdi>{mine ? t`You` : name}</bdi>
                  </span>
                  {m.authorRole === 'EDUCATOR' ? (
                    <span
                      className={css({
                        paddingInline: '1.5',
                        borderRadius: 'sm',
                        bg: 'tertiary.subtle',
                        color: 'tertiary.stronger',
                        fontWeight: 'semibold',
                      })}
                    >
                      <Trans>Educator</Trans>
                    </span>
                  ) : null}
                  <time dateTime={m.createdAt}>{timeOf(m)}</time>
                </div>
                <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '1', maxWidth: 'full' })}>
                  <p
                    dir="auto"
                    className={css({
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      paddingBlock: '2',
                      paddingInline: '3',
                      borderRadius: 'lg',
                      bg: mine ? 'primary.subtle' : 'bg.default',
                      borderWidth: '1px',
                      borderColor: 'border.default',
                      maxWidth: '40rem',
                    })}
                  >
                    {m.text}
                  </p>
                  {chat.canDeleteMessage(snapshot, m.id) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={chat.deletingId(snapshot) === m.id}
                      aria-label={mine ? t`Delete your message` : t`Delete the message from ${name}`}
                      onClick={() => send({ type: 'chat.deleteRequested', messageId: m.id })}
                    >
                      <span aria-hidden="true">×</span>
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </div>

      {notice ? <NoticeLine notice={notice} onDismiss={() => send({ type: 'chat.noticeDismissed' })} /> : null}

      {chat.isConnected(snapshot) && !chat.mayPost(snapshot) ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>You are reading this chat; only the session&apos;s learners and educator write in it.</Trans>
        </p>
      ) : null}
      {chat.mayPost(snapshot) ? (
        <form onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <TextareaField
            label={t`Your message`}
            helperText={left < 100 ? t`${left} characters left` : t`Enter sends; Shift+Enter starts a new line.`}
            error={left < 0 ? t`A message has at most ${CHAT_MAX_LENGTH} characters.` : undefined}
            value={snapshot.context.draft}
            onChange={(e) => send({ type: 'chat.draftChanged', text: e.target.value })}
            onKeyDown={onKeyDown}
            rows={2}
            dir="auto"
            className={css({ '& textarea': { minHeight: '16' } })}
          />
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <Button type="submit" disabled={!chat.canSend(snapshot)} loading={chat.isSending(snapshot)}>
              <Trans>Send</Trans>
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

/** A notice of the chat machine, in words, with a way to dismiss it. */
function NoticeLine({ notice, onDismiss }: { notice: ChatNotice; onDismiss: () => void }) {
  const { t } = useLingui();
  const seconds = notice.retryAfterSeconds ?? 1;
  const text =
    notice.code === 'RATE_LIMITED'
      ? t`You are sending messages too fast. Try again in ${seconds} s.`
      : notice.code === 'TOO_LONG'
        ? t`A message has at most ${CHAT_MAX_LENGTH} characters.`
        : notice.code === 'delete.failed'
          ? t`The message could not be deleted.`
          : notice.code === 'history.failed'
            ? t`The earlier messages could not be loaded.`
            : notice.code === 'FORBIDDEN'
              ? t`You cannot write in this chat.`
              : notice.code === 'INVALID'
                ? t`This message cannot be sent.`
                : t`The message could not be sent. Please try again.`;
  return (
    <div
      role="alert"
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '2',
        color: 'error.strong',
        fontSize: 'sm',
      })}
    >
      <span>{text}</span>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        <Trans>Dismiss</Trans>
      </Button>
    </div>
  );
}
