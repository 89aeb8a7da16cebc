import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Bills and payments: discounts, splits, refunds and giving back, the payment providers, and their
 * fields: the server's messages by code, one area of MESSAGES (errors.ts).
 */
export const BILLS_CODES = {
  noSuchPayment: (l: Language) => t('server.noSuchPayment', 'No such payment', undefined, l),
  orderPaid: (l: Language) => t('server.orderPaid', 'Your payment has been received', undefined, l),
  accountnumberHaveFewerThanDigits: (l: Language, v: { v0: string }) =>
    t('server.answer.accountnumberHaveFewerThanDigits', 'AccountNumber must have fewer than {{v0}} digits', v, l),
  accountnumberDigits: (l: Language) =>
    t('server.answer.accountnumberDigits', 'AccountNumber must be digits', undefined, l),
  accountnumberRequired: (l: Language) =>
    t('server.answer.accountnumberRequired', 'AccountNumber is required', undefined, l),
  keyWasAlreadyUsedAnother: (l: Language) =>
    t('server.answer.keyWasAlreadyUsedAnother', 'This key was already used for another refund', undefined, l),
  onlyPaidPaymentCanRefunded: (l: Language) =>
    t('server.answer.onlyPaidPaymentCanRefunded', 'Only a paid payment can be refunded', undefined, l),
  mostCanRefunded: (l: Language, v: { v0: string }) =>
    t('server.answer.mostCanRefunded', 'At most {{v0}} can be refunded', v, l),
  paymentsAreNotSetUp: (l: Language, v: { v0: string }) =>
    t('server.answer.paymentsAreNotSetUp', 'Payments by {{v0}} are not set up', v, l),
  stripeSignatureEventNotValid: (l: Language) =>
    t('server.answer.stripeSignatureEventNotValid', 'The Stripe-Signature of this event is not valid', undefined, l),
  paymentsBkashAreTakenBDT: (l: Language) =>
    t('server.answer.paymentsBkashAreTakenBDT', 'Payments by bkash are taken in BDT only', undefined, l),
  methodOne: (l: Language, v: { v0: string }) => t('server.answer.methodOne', 'Method must be one of {{v0}}', v, l),
  accountnumberDigitsOnly: (l: Language) =>
    t('server.answer.accountnumberDigitsOnly', 'AccountNumber must be digits only', undefined, l),
  keyWasAlreadyUsedDiscount: (l: Language) =>
    t('server.answer.keyWasAlreadyUsedDiscount', 'This key was already used for another discount', undefined, l),
  giveEitherPercentAmount: (l: Language) =>
    t('server.answer.giveEitherPercentAmount', 'Give either percent or amount', undefined, l),
  keyWasAlreadyUsedAnother3: (l: Language) =>
    t('server.answer.keyWasAlreadyUsedAnother3', 'This key was already used for another payment', undefined, l),
  nothingDueBill: (l: Language) => t('server.answer.nothingDueBill', 'Nothing is due on this bill', undefined, l),
  amountMoreThanBillS: (l: Language, v: { v0: string }) =>
    t('server.answer.amountMoreThanBillS', "The amount is more than the bill's due ({{v0}})", v, l),
  noSuchBill: (l: Language) => t('server.answer.noSuchBill', 'No such bill', undefined, l),
  billAlreadyPaid: (l: Language) => t('server.answer.billAlreadyPaid', 'This bill is already paid', undefined, l),
  billVoid: (l: Language) => t('server.answer.billVoid', 'This bill is void', undefined, l),
  staffMayTakeMostOff: (l: Language, v: { v0: string }) =>
    t('server.answer.staffMayTakeMostOff', 'Staff may take at most {{v0}} % off a bill: ask an administrator', v, l),
  nothingOwedBackBill: (l: Language) =>
    t('server.answer.nothingOwedBackBill', 'Nothing is owed back on this bill', undefined, l),
  splitKept: (l: Language) => t('server.answer.splitKept', 'Split kept until its shares are paid', undefined, l),
  keyWasAlreadyUsedSplit: (l: Language) =>
    t('server.answer.keyWasAlreadyUsedSplit', 'This key was already used for another split', undefined, l),
  billNotSplit: (l: Language) =>
    t('server.answer.billNotSplit', 'This bill is not split: split it before paying a share', undefined, l),
  billSplitWaysShare: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.billSplitWaysShare', 'This bill is split {{v0}} ways: a share is 1 to {{v1}}', v, l),
  shareAlreadyPaid: (l: Language, v: { v0: string }) =>
    t('server.answer.shareAlreadyPaid', 'Share {{v0}} is already paid', v, l),
  shareIsTakeThat: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.shareIsTakeThat', 'Share {{v0}} is {{v1}}: take that amount for it', v, l),
  sharesAlreadyPaidSplit: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.sharesAlreadyPaidSplit', '{{v0}} shares are already paid: split at least {{v1}} ways', v, l),
  amountMoreThanWhatOwed: (l: Language, v: { v0: string }) =>
    t('server.answer.amountMoreThanWhatOwed', 'The amount is more than what is owed back on this bill ({{v0}})', v, l),
  tableOwesBack: (l: Language, v: { v0: string }) =>
    t(
      'server.answer.tableOwesBack',
      "This table's bill owes {{v0}} back to its guests: give it back before the next round",
      v,
      l,
    ),
  noPaymentBillHasMuch: (l: Language, v: { v0: string }) =>
    t('server.answer.noPaymentBillHasMuch', 'No {{v0}} payment on this bill has that much left to give back', v, l),
  discountAdded: (l: Language) => t('server.answer.discountAdded', 'Discount added', undefined, l),
  paymentTaken: (l: Language) => t('server.answer.paymentTaken', 'Payment taken', undefined, l),
  paymentWasAlreadyTaken: (l: Language) =>
    t('server.answer.paymentWasAlreadyTaken', 'This payment was already taken', undefined, l),
  refundRecorded: (l: Language) => t('server.answer.refundRecorded', 'Refund recorded', undefined, l),
  refundHasBeenSent: (l: Language) => t('server.answer.refundHasBeenSent', 'The refund has been sent', undefined, l),
  providerOne: (l: Language, v: { v0: string }) =>
    t('server.field.providerOne', 'provider must be one of: {{v0}}', v, l),
  fieldMethodOne: (l: Language, v: { v0: string }) =>
    t('server.field.methodOne', 'method must be one of: {{v0}}', v, l),
  keyMayUseLettersDigits: (l: Language) =>
    t('server.field.keyMayUseLettersDigits', 'key may use letters, digits, _ and -', undefined, l),
  key8100Characters: (l: Language) =>
    t('server.field.key8100Characters', 'key must be 8 to 100 characters', undefined, l),
  billidRequired: (l: Language) => t('server.field.billidRequired', 'billId is required', undefined, l),
  notAnsweringRightNowNothing: (l: Language, v: { v0: string }) =>
    t(
      'server.field.notAnsweringRightNowNothing',
      '{{v0}} is not answering right now: nothing was charged, please try again',
      v,
      l,
    ),
  percentMayCarryMostTwo: (l: Language) =>
    t('server.field.percentMayCarryMostTwo', 'percent may carry at most two decimals', undefined, l),
  percentMost100: (l: Language) => t('server.field.percentMost100', 'percent must be at most 100', undefined, l),
  percentMoreThan0: (l: Language) => t('server.field.percentMoreThan0', 'percent must be more than 0', undefined, l),
  percentNumber: (l: Language) => t('server.field.percentNumber', 'percent must be a number', undefined, l),
  waysWholeNumberFrom2: (l: Language) =>
    t('server.field.waysWholeNumberFrom2', 'ways must be a whole number from 2 to 20', undefined, l),
  shareWholeNumberFrom1: (l: Language) =>
    t('server.field.shareWholeNumberFrom1', 'share must be a whole number from 1 to 20', undefined, l),
  tenderedCashPayments: (l: Language) =>
    t('server.field.tenderedCashPayments', 'tendered is for cash payments', undefined, l),
  tenderedCoverAmountTip: (l: Language) =>
    t('server.field.tenderedCoverAmountTip', 'tendered must cover the amount and the tip', undefined, l),
} as const;
