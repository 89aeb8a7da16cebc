import type { KitchenTicket } from '@shared/contract/kitchen.ts';
import { useEffect, useState } from 'react';

/* What the kitchen board keeps time and sound with: the chime, the ticking clock, and which tickets are for later. */
/** A short two-tone chime, made on the spot (no sound file to load). */
export function chime(): void {
  try {
    const audio = new AudioContext();
    for (const [index, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + index * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + index * 0.15 + 0.3);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + index * 0.15);
      tone.stop(audio.currentTime + index * 0.15 + 0.3);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No audio on this device: the card still appears.
  }
}

/** The time, re-rendered every second for the cards' timers. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How long before its cooking should start a scheduled ticket joins the current orders. */
export const LATER_THAN_MINUTES = 30;

/** A ticket not started whose cooking (its ready time less the preparation time) starts more than half an hour from now: tomorrow's pre-order, tonight's late pick-up. */
export function isForLater(
  ticket: Pick<KitchenTicket, 'status' | 'readyAt'>,
  now: number,
  prepMinutes: number,
): boolean {
  return (
    ticket.status === 'received' &&
    Date.parse(ticket.readyAt) - prepMinutes * 60_000 - now > LATER_THAN_MINUTES * 60_000
  );
}
