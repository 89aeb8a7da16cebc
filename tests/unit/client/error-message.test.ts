import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/lib/api-client.ts';
import { errorMessage } from '../../../src/client/lib/error-message.ts';
import bn from '../../../src/shared/i18n/locales/bn.json';
import { loadLanguage, setPageLanguage } from '../../../src/shared/i18n/i18n.ts';
import { setPageLatinDigits } from '../../../src/shared/i18n/format.ts';

/** The one sentence of a failed call (lib/error-message.ts), in English as ever and in Bangla from the catalog (issue 51). */
describe('errorMessage', () => {
  afterEach(() => {
    setPageLanguage('en');
    setPageLatinDigits(false);
  });

  it('says what did not happen and why, in English exactly as before', () => {
    expect(errorMessage(new ApiError('x', 0), 'the payment')).toBe(
      'We could not reach the server, so the payment did not happen. Check your connection and try again.',
    );
    expect(errorMessage(new ApiError('x', 503), 'the order')).toBe(
      'Something went wrong on our side (HTTP 503), so the order did not happen. Please try again.',
    );
    expect(errorMessage(new ApiError('x', 409, 'This bill is already paid'))).toBe('This bill is already paid.');
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong, so that did not happen. Please try again.');
    setPageLatinDigits(true);
    expect(errorMessage(new ApiError('x', 500), 'the order')).toBe(
      'Something went wrong on our side (HTTP 500), so the order did not happen. Please try again.',
    );
  });

  it('says it in Bangla on a page in Bangla, with the action named in Bangla by the caller', async () => {
    await loadLanguage('bn');
    setPageLanguage('bn');
    expect(errorMessage(new ApiError('x', 0), bn.bill.thePayment)).toBe(
      bn.errors.unreachable.replace('{{action}}', bn.bill.thePayment),
    );
    // The status in the page's digits: Bengali, or Latin where the restaurant keeps them.
    expect(errorMessage(new ApiError('x', 503), bn.kitchen.theOrder)).toBe(
      bn.errors.serverSide.replace('{{status}}', '৫০৩').replace('{{action}}', bn.kitchen.theOrder),
    );
    expect(errorMessage(new ApiError('x', 418), bn.kitchen.theOrder)).toBe(
      bn.errors.refused.replace('{{status}}', '৪১৮').replace('{{action}}', bn.kitchen.theOrder),
    );
    setPageLatinDigits(true);
    expect(errorMessage(new ApiError('x', 503), bn.kitchen.theOrder)).toBe(
      bn.errors.serverSide.replace('{{status}}', '503').replace('{{action}}', bn.kitchen.theOrder),
    );
    expect(errorMessage(new Error('boom'))).toBe(bn.errors.failed.replace('{{action}}', bn.errors.that));
  });
});
