import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * The server's messages by code (decision 064): each code its catalog key, its English (what
 * `npm run i18n:extract` writes into en.json, and what an English answer says) and the values it
 * names. A service throws a code with its values (`conflict('soldOut', { names: dish })`); the
 * answer's `message` is written once, by key, in the requester's language (server/http/language.ts),
 * and a staff form that checks the same rule writes it by the same key. Nothing is read back from
 * English text. Keys are the catalogs' own (`server.soldOut`, `server.answer.noSuchBranch`), kept as
 * they were so the Bangla already written stays where it is.
 */
export const MESSAGES = {
  signInFirst: (l: Language) => t('server.signInFirst', 'Please sign in first', undefined, l),
  notAllowed: (l: Language) => t('server.notAllowed', 'You are not allowed to do this', undefined, l),
  notFound: (l: Language) => t('server.notFound', 'Not found', undefined, l),
  sessionEnded: (l: Language) => t('server.sessionEnded', 'Your session has ended, please sign in again', undefined, l),
  sessionExpired: (l: Language) =>
    t('server.sessionExpired', 'Your session has expired, please sign in again', undefined, l),
  onlyAdmins: (l: Language) => t('server.onlyAdmins', 'Only administrators may do this', undefined, l),
  onlyStaff: (l: Language) => t('server.onlyStaff', 'Only the restaurant staff may do this', undefined, l),
  ownAccount: (l: Language) => t('server.ownAccount', 'You may only act for your own account', undefined, l),
  ownRecordsChange: (l: Language) => t('server.ownRecordsChange', 'You may only change your own records', undefined, l),
  ownRecordsSee: (l: Language) => t('server.ownRecordsSee', 'You may only see your own records', undefined, l),
  noSuchOrder: (l: Language) => t('server.noSuchOrder', 'No such order', undefined, l),
  noSuchPayment: (l: Language) => t('server.noSuchPayment', 'No such payment', undefined, l),
  noSuchReservation: (l: Language) => t('server.noSuchReservation', 'No such reservation', undefined, l),
  noSuchReservationOfYours: (l: Language) =>
    t('server.noSuchReservationOfYours', 'No such reservation of yours', undefined, l),
  noDish: (l: Language) => t('server.noDish', 'No dish with this id', undefined, l),
  noTable: (l: Language) => t('server.noTable', 'No table with this id', undefined, l),
  soldOut: (l: Language, v: { names: string }) => t('server.soldOut', 'Sold out: {{names}}', v, l),
  chooseOnPage: (l: Language, v: { group: string; dish: string }) =>
    t('server.chooseOnPage', 'Choose {{group}} for {{dish}} on its page', v, l),
  choose: (l: Language, v: { group: string; dish: string }) =>
    t('server.choose', 'Choose {{group}} for {{dish}}', v, l),
  chooseAtMost: (l: Language, v: { max: string; group: string; dish: string }) =>
    t('server.chooseAtMost', 'Choose at most {{max}} {{group}} for {{dish}}', v, l),
  noLongerOnMenu: (l: Language, v: { name: string }) =>
    t('server.noLongerOnMenu', '{{name}} is no longer on the menu', v, l),
  alreadyPlaced: (l: Language, v: { name: string }) =>
    t('server.alreadyPlaced', '{{name}} is already in a placed order', v, l),
  deliveryMinimum: (l: Language, v: { minimum: string; subtotal: string }) =>
    t('server.deliveryMinimum', 'A delivery needs at least {{minimum}} of food (this is {{subtotal}})', v, l),
  addressRequired: (l: Language) =>
    t('server.addressRequired', 'address is required for a delivery: { line1, area, phone }', undefined, l),
  customerName: (l: Language) =>
    t('server.customerName', 'customer.name is required for a pick-up or a delivery', undefined, l),
  notACookTime: (l: Language) =>
    t(
      'server.notACookTime',
      'when is not one of the times we can cook for: ask the quote for the free ones',
      undefined,
      l,
    ),
  dineInReservation: (l: Language) =>
    t('server.dineInReservation', 'Dine-in orders are for your reservation of today', undefined, l),
  closedOnDay: (l: Language) => t('server.closedOnDay', 'Closed on this day', undefined, l),
  dateInPast: (l: Language) => t('server.dateInPast', 'date is in the past', undefined, l),
  dateRequired: (l: Language) => t('server.dateRequired', 'date is required', undefined, l),
  timeRequired: (l: Language) => t('server.timeRequired', 'time is required', undefined, l),
  tooFarAhead: (l: Language, v: { days: string }) =>
    t('server.tooFarAhead', 'date is more than {{days}} days ahead', v, l),
  partyTooBig: (l: Language, v: { max: string }) =>
    t('server.partyTooBig', 'partySize must be at most {{max}}: for a bigger party, please call us', v, l),
  callToChange: (l: Language) => t('server.callToChange', 'Please call us to change this late', undefined, l),
  tooManyUpcoming: (l: Language, v: { count: string }) =>
    t(
      'server.tooManyUpcoming',
      'You already have {{count}} upcoming reservations: please cancel one first or call us',
      v,
      l,
    ),
  cannotCancel: (l: Language, v: { status: string }) =>
    t('server.cannotCancel', 'This reservation is {{status}} and cannot be cancelled', v, l),
  cannotChange: (l: Language, v: { status: string }) =>
    t('server.cannotChange', 'This reservation is {{status}} and can no longer be changed', v, l),
  addedToBag: (l: Language) => t('text.addedToBag', 'Added to your bag', undefined, l),
  favoriteConfirmed: (l: Language) =>
    t('server.favoriteConfirmed', 'Your favourite has been confirmed as an order', undefined, l),
  orderRemoved: (l: Language) => t('server.orderRemoved', 'Your order has been deleted', undefined, l),
  orderPaid: (l: Language) => t('server.orderPaid', 'Your payment has been received', undefined, l),
  tableReserved: (l: Language) => t('server.tableReserved', 'Table reserved!', undefined, l),
  reservationChanged: (l: Language) =>
    t('server.reservationChanged', 'Your reservation has been changed', undefined, l),
  reservationCancelled: (l: Language) =>
    t('server.reservationCancelled', 'Your reservation has been cancelled', undefined, l),
  timeTaken: (l: Language) => t('server.timeTaken', 'That time is no longer available', undefined, l),
  lateCancel: (l: Language) => t('server.lateCancel', 'Please call us to cancel this late', undefined, l),
  tableHeld: (l: Language) =>
    t('server.tableHeld', 'Table held: pay the deposit within 15 minutes to confirm it', undefined, l),
  tooLarge: (l: Language) => t('server.tooLarge', 'The request is too large', undefined, l),
  badRequest: (l: Language) => t('server.badRequest', 'Bad request', undefined, l),
  unavailable: (l: Language) =>
    t('server.unavailable', 'The service is temporarily unavailable, please try again', undefined, l),
  busy: (l: Language) => t('server.busy', 'We are very busy right now: please try again in a moment', undefined, l),
  failed: (l: Language) => t('server.failed', 'Something went wrong on our side, please try again', undefined, l),
  noSuchBranch: (l: Language) => t('server.answer.noSuchBranch', 'No such branch', undefined, l),
  branchHasClosed: (l: Language) => t('server.answer.branchHasClosed', 'This branch has closed', undefined, l),
  sendLeastOneFieldChange: (l: Language) =>
    t('server.answer.sendLeastOneFieldChange', 'Send at least one field to change', undefined, l),
  accountnumberHaveFewerThanDigits: (l: Language, v: { v0: string }) =>
    t('server.answer.accountnumberHaveFewerThanDigits', 'AccountNumber must have fewer than {{v0}} digits', v, l),
  accountnumberDigits: (l: Language) =>
    t('server.answer.accountnumberDigits', 'AccountNumber must be digits', undefined, l),
  accountnumberRequired: (l: Language) =>
    t('server.answer.accountnumberRequired', 'AccountNumber is required', undefined, l),
  requestBodyNestedTooDeeply: (l: Language) =>
    t('server.answer.requestBodyNestedTooDeeply', 'The request body is nested too deeply', undefined, l),
  tooManyFailedSignIns: (l: Language, v: { v0: string }) =>
    t('server.answer.tooManyFailedSignIns', 'Too many failed sign-ins. Please try again in {{v0}}.', v, l),
  tooManyLiveConnectionsFrom: (l: Language) =>
    t(
      'server.answer.tooManyLiveConnectionsFrom',
      'Too many live connections from this address. Close another tab or device and try again.',
      undefined,
      l,
    ),
  staffMayOnlyChangeKitchen: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.staffMayOnlyChangeKitchen',
      "Staff may only change the kitchen's busy controls ({{v0}}), not {{v1}}",
      v,
      l,
    ),
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
  favouriteKeepsNoOptionsConfirming: (l: Language) =>
    t(
      'server.answer.favouriteKeepsNoOptionsConfirming',
      'A favourite keeps no options: confirming it orders the defaults',
      undefined,
      l,
    ),
  accountnumberDigitsOnly: (l: Language) =>
    t('server.answer.accountnumberDigitsOnly', 'AccountNumber must be digits only', undefined, l),
  optionNotOneS: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.optionNotOneS', "Option {{v0}} is not one of {{v1}}'s", v, l),
  staffMayOnlyChangeDish: (l: Language, v: { v0: string }) =>
    t('server.answer.staffMayOnlyChangeDish', "Staff may only change a dish's availability, not {{v0}}", v, l),
  keyWasAlreadyUsedAnother2: (l: Language) =>
    t(
      'server.answer.keyWasAlreadyUsedAnother2',
      'This key was already used for another change of a dish',
      undefined,
      l,
    ),
  noOptionGroupWithId: (l: Language, v: { v0: string }) =>
    t('server.answer.noOptionGroupWithId', 'options: this dish has no option group with _id {{v0}}', v, l),
  noOptionValueWithId: (l: Language, v: { v0: string }) =>
    t('server.answer.noOptionValueWithId', 'options: this dish has no option value with _id {{v0}}', v, l),
  keyWasAlreadyUsedDiscount: (l: Language) =>
    t('server.answer.keyWasAlreadyUsedDiscount', 'This key was already used for another discount', undefined, l),
  dishHasNoOptionValue: (l: Language) =>
    t('server.answer.dishHasNoOptionValue', 'This dish has no option value with this id', undefined, l),
  thereAlreadyCategoryNamed: (l: Language, v: { v0: string }) =>
    t('server.answer.thereAlreadyCategoryNamed', 'There is already a category named "{{v0}}"', v, l),
  noCategoryWithId: (l: Language) => t('server.answer.noCategoryWithId', 'No category with this id', undefined, l),
  stillHoldsMoveRemoveThem: (l: Language, v: { v0: string; v1: string; v2: string }) =>
    t('server.answer.stillHoldsMoveRemoveThem', '"{{v0}}" still holds {{v1}} {{v2}}: move or remove them first', v, l),
  dishNotYourFavourites: (l: Language) =>
    t('server.answer.dishNotYourFavourites', 'This dish is not in your favourites', undefined, l),
  noSuchFavouriteUser: (l: Language) =>
    t('server.answer.noSuchFavouriteUser', 'No such favourite for this user', undefined, l),
  noSuchFavouriteYourList: (l: Language) =>
    t('server.answer.noSuchFavouriteYourList', 'No such favourite in your list', undefined, l),
  favouriteHasAlreadyBeenConfirmed: (l: Language) =>
    t('server.answer.favouriteHasAlreadyBeenConfirmed', 'This favourite has already been confirmed', undefined, l),
  orderAlreadyPlacedCanNo: (l: Language) =>
    t(
      'server.answer.orderAlreadyPlacedCanNo',
      'This order is already placed: it can no longer be deleted',
      undefined,
      l,
    ),
  youHaveAlreadyReportedDish: (l: Language) =>
    t('server.answer.youHaveAlreadyReportedDish', 'You have already reported this dish', undefined, l),
  noSuchReport: (l: Language) => t('server.answer.noSuchReport', 'No such report', undefined, l),
  noUserWithEMail: (l: Language) => t('server.answer.noUserWithEMail', 'No user with this e-mail', undefined, l),
  noUserWithId: (l: Language) => t('server.answer.noUserWithId', 'No user with this id', undefined, l),
  youCannotDeleteYourOwn: (l: Language) =>
    t('server.answer.youCannotDeleteYourOwn', 'You cannot delete your own account', undefined, l),
  restaurantNeedsLeastOneAdministrator: (l: Language) =>
    t(
      'server.answer.restaurantNeedsLeastOneAdministrator',
      'The restaurant needs at least one administrator: make another user admin first',
      undefined,
      l,
    ),
  pictureMostMB: (l: Language, v: { v0: string }) =>
    t('server.answer.pictureMostMB', 'The picture must be at most {{v0}} MB', v, l),
  fileNotPictureSendJPEG: (l: Language) =>
    t(
      'server.answer.fileNotPictureSendJPEG',
      'The file is not a picture: send a JPEG, PNG, WebP, GIF or AVIF image',
      undefined,
      l,
    ),
  svgPicturesAreNotAccepted: (l: Language) =>
    t(
      'server.answer.svgPicturesAreNotAccepted',
      'SVG pictures are not accepted: send a JPEG, PNG, WebP, GIF or AVIF image',
      undefined,
      l,
    ),
  pictureMostMegapixelsOne: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.pictureMostMegapixelsOne',
      'The picture must be at most {{v0}} megapixels (this one is {{v1}})',
      v,
      l,
    ),
  pictureLeastPixelsOne: (l: Language, v: { v0: string; v1: string; v2: string; v3: string }) =>
    t(
      'server.answer.pictureLeastPixelsOne',
      'The picture must be at least {{v0}} × {{v1}} pixels (this one is {{v2}} × {{v3}})',
      v,
      l,
    ),
  pictureCouldNotReadSend: (l: Language) =>
    t(
      'server.answer.pictureCouldNotReadSend',
      'The picture could not be read: send a JPEG, PNG, WebP, GIF or AVIF image',
      undefined,
      l,
    ),
  photoImageJPEGPNGWebP: (l: Language) =>
    t('server.answer.photoImageJPEGPNGWebP', 'The photo must be an image (JPEG, PNG, WebP, GIF or AVIF)', undefined, l),
  photoCouldNotReadImage: (l: Language) =>
    t('server.answer.photoCouldNotReadImage', 'The photo could not be read as an image', undefined, l),
  orderHasBeenDeleted: (l: Language) =>
    t('server.answer.orderHasBeenDeleted', 'The order has been deleted', undefined, l),
  favouriteHasBeenDeleted: (l: Language) =>
    t('server.answer.favouriteHasBeenDeleted', 'The favourite has been deleted', undefined, l),
  reportHasBeenDeleted: (l: Language) =>
    t('server.answer.reportHasBeenDeleted', 'The report has been deleted', undefined, l),
  noCategories: (l: Language) => t('server.answer.noCategories', 'No categories', undefined, l),
  noSuchCategory: (l: Language) => t('server.answer.noSuchCategory', 'No such category', undefined, l),
  noPopularDishes: (l: Language) => t('server.answer.noPopularDishes', 'No popular dishes', undefined, l),
  noDishes: (l: Language) => t('server.answer.noDishes', 'No dishes', undefined, l),
  dishHasBeenAddedMenu: (l: Language) =>
    t('server.answer.dishHasBeenAddedMenu', 'The dish has been added to the menu', undefined, l),
  dishHasBeenUpdated: (l: Language) => t('server.answer.dishHasBeenUpdated', 'The dish has been updated', undefined, l),
  dishHasBeenRemovedFrom: (l: Language) =>
    t('server.answer.dishHasBeenRemovedFrom', 'The dish has been removed from the menu', undefined, l),
  categoryHasBeenAdded: (l: Language) =>
    t('server.answer.categoryHasBeenAdded', 'The category has been added', undefined, l),
  categoryHasBeenRenamed: (l: Language) =>
    t('server.answer.categoryHasBeenRenamed', 'The category has been renamed', undefined, l),
  categoryHasBeenRemoved: (l: Language) =>
    t('server.answer.categoryHasBeenRemoved', 'The category has been removed', undefined, l),
  dishAlreadyYourFavourites: (l: Language) =>
    t('server.answer.dishAlreadyYourFavourites', 'This dish is already in your favourites', undefined, l),
  addedYourFavourites: (l: Language) =>
    t('server.answer.addedYourFavourites', 'Added to your favourites', undefined, l),
  removedFromYourFavourites: (l: Language) =>
    t('server.answer.removedFromYourFavourites', 'Removed from your favourites', undefined, l),
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
  thereAlreadyTableNamed: (l: Language, v: { v0: string }) =>
    t('server.answer.thereAlreadyTableNamed', 'There is already a table named "{{v0}}"', v, l),
  noTableCombinationWithId: (l: Language) =>
    t('server.answer.noTableCombinationWithId', 'No table combination with this id', undefined, l),
  reservationChangedMeanwhileLookAgain: (l: Language) =>
    t(
      'server.answer.reservationChangedMeanwhileLookAgain',
      'This reservation changed meanwhile: look again',
      undefined,
      l,
    ),
  itsTableHasBeenGiven: (l: Language) =>
    t(
      'server.answer.itsTableHasBeenGiven',
      'Its table has been given away meanwhile: book the guest again',
      undefined,
      l,
    ),
  reservationCannotBecome: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.reservationCannotBecome', 'A reservation that is {{v0}} cannot become {{v1}}', v, l),
  noShowCanBookedAgain: (l: Language) =>
    t('server.answer.noShowCanBookedAgain', 'A no-show can be booked again only on its own day', undefined, l),
  onlyRestaurantStaffMayBook: (l: Language) =>
    t(
      'server.answer.onlyRestaurantStaffMayBook',
      'Only the restaurant staff may book by phone or seat walk-ins',
      undefined,
      l,
    ),
  noFreeTableFitsNow: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.noFreeTableFitsNow', 'No free table fits {{v0}} {{v1}} now', v, l),
  onlyRestaurantStaffMayChoose: (l: Language) =>
    t('server.answer.onlyRestaurantStaffMayChoose', 'Only the restaurant staff may choose the tables', undefined, l),
  reservationNow: (l: Language, v: { v0: string }) =>
    t('server.answer.reservationNow', 'The reservation is now {{v0}}', v, l),
  reservationNowBooked: (l: Language) =>
    t('server.answer.reservationNowBooked', 'The reservation is now booked', undefined, l),
  reservationNowSeated: (l: Language) =>
    t('server.answer.reservationNowSeated', 'The reservation is now seated', undefined, l),
  reservationNowCompleted: (l: Language) =>
    t('server.answer.reservationNowCompleted', 'The reservation is now completed', undefined, l),
  reservationNowCancelled: (l: Language) =>
    t('server.answer.reservationNowCancelled', 'The reservation is now cancelled', undefined, l),
  reservationNowNoShow: (l: Language) =>
    t('server.answer.reservationNowNoShow', 'The reservation is now no-show', undefined, l),
  reservationNowPendingDeposit: (l: Language) =>
    t('server.answer.reservationNowPendingDeposit', 'The reservation is now pending-deposit', undefined, l),
  tableHasBeenAdded: (l: Language) => t('server.answer.tableHasBeenAdded', 'The table has been added', undefined, l),
  tableHasBeenUpdated: (l: Language) =>
    t('server.answer.tableHasBeenUpdated', 'The table has been updated', undefined, l),
  tableHasBeenDeleted: (l: Language) =>
    t('server.answer.tableHasBeenDeleted', 'The table has been deleted', undefined, l),
  combinationHasBeenAdded: (l: Language) =>
    t('server.answer.combinationHasBeenAdded', 'The combination has been added', undefined, l),
  combinationHasBeenRemoved: (l: Language) =>
    t('server.answer.combinationHasBeenRemoved', 'The combination has been removed', undefined, l),
  sendPictureMultipartFormData: (l: Language) =>
    t(
      'server.answer.sendPictureMultipartFormData',
      'Send the picture as multipart/form-data in the field "image"',
      undefined,
      l,
    ),
  uploadCouldNotReadSend: (l: Language) =>
    t(
      'server.answer.uploadCouldNotReadSend',
      'The upload could not be read: send one complete multipart/form-data body',
      undefined,
      l,
    ),
  choosePictureUploadFieldImage: (l: Language) =>
    t('server.answer.choosePictureUploadFieldImage', 'Choose a picture to upload in the field "image"', undefined, l),
  noSuchPicture: (l: Language) => t('server.answer.noSuchPicture', 'No such picture', undefined, l),
  ordersPaidOnlineRightNow: (l: Language) =>
    t(
      'server.answer.ordersPaidOnlineRightNow',
      'Orders must be paid online right now: choose a card or mobile payment',
      undefined,
      l,
    ),
  orderTooLargePayLater: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.orderTooLargePayLater',
      'This order is too large to pay later (it needs {{v0}} kitchen units; at most {{v1}} can wait for payment): pay for it online, or place it as smaller orders',
      v,
      l,
    ),
  youAlreadyHaveUnpaidWaiting: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.youAlreadyHaveUnpaidWaiting',
      'You already have {{v0}} unpaid {{v1}} waiting: pay for this one online, or place it once one of them is paid or collected',
      v,
      l,
    ),
  weAreNotTakingOnline: (l: Language) =>
    t('server.answer.weAreNotTakingOnline', 'We are not taking online orders right now', undefined, l),
  weCannotTakeOrderSoon: (l: Language) =>
    t(
      'server.answer.weCannotTakeOrderSoon',
      'We cannot take an order for as soon as possible now: please choose a time',
      undefined,
      l,
    ),
  onlinePaymentTakenThroughPayments: (l: Language) =>
    t(
      'server.answer.onlinePaymentTakenThroughPayments',
      'An online payment is taken through the payments module',
      undefined,
      l,
    ),
  dineOrderNeedsYourReservation: (l: Language) =>
    t(
      'server.answer.dineOrderNeedsYourReservation',
      'A dine-in order needs your reservation (reservationId) or a table (tableId)',
      undefined,
      l,
    ),
  dineOrderNeedsTableTableId: (l: Language) =>
    t('server.answer.dineOrderNeedsTableTableId', 'A dine-in order needs a table (tableId)', undefined, l),
  orderHasAlreadyBeenPaid: (l: Language) =>
    t('server.answer.orderHasAlreadyBeenPaid', 'This order has already been paid', undefined, l),
  reservation: (l: Language, v: { v0: string }) => t('server.answer.reservation', 'This reservation is {{v0}}', v, l),
  orderWasAlreadySentKitchen: (l: Language) =>
    t('server.answer.orderWasAlreadySentKitchen', 'This order was already sent to the kitchen', undefined, l),
  keyWasUsedAnotherOrder: (l: Language) =>
    t(
      'server.answer.keyWasUsedAnotherOrder',
      'This key was used for another order: each new order needs a new key',
      undefined,
      l,
    ),
  yourOrderHasBeenPlaced: (l: Language) =>
    t('server.answer.yourOrderHasBeenPlaced', 'Your order has been placed', undefined, l),
  orderHasBeenSentKitchen: (l: Language) =>
    t('server.answer.orderHasBeenSentKitchen', 'The order has been sent to the kitchen', undefined, l),
  cancellingOrderNeedsReason: (l: Language) =>
    t('server.answer.cancellingOrderNeedsReason', 'Cancelling an order needs a reason', undefined, l),
  keyWasAlreadyUsedAnother4: (l: Language) =>
    t(
      'server.answer.keyWasAlreadyUsedAnother4',
      'This key was already used for another change of an order',
      undefined,
      l,
    ),
  orderCannotBecome: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.orderCannotBecome', 'An order that is {{v0}} cannot become {{v1}}', v, l),
  orderCanRecalledOnlyWithin: (l: Language, v: { v0: string }) =>
    t(
      'server.answer.orderCanRecalledOnlyWithin',
      'An order can be recalled only within {{v0}} minutes of completing it',
      v,
      l,
    ),
  orderChangedMeanwhileLookAgain: (l: Language) =>
    t('server.answer.orderChangedMeanwhileLookAgain', 'This order changed meanwhile: look again', undefined, l),
  orderNow: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.orderNow', 'Order {{v0}} is now {{v1}}', v, l),
  orderNowReceived: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowReceived', 'Order {{v0}} is now received', v, l),
  orderNowPreparing: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowPreparing', 'Order {{v0}} is now preparing', v, l),
  orderNowReady: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowReady', 'Order {{v0}} is now ready', v, l),
  orderNowCompleted: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowCompleted', 'Order {{v0}} is now completed', v, l),
  orderNowCancelled: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowCancelled', 'Order {{v0}} is now cancelled', v, l),
  discountAdded: (l: Language) => t('server.answer.discountAdded', 'Discount added', undefined, l),
  paymentTaken: (l: Language) => t('server.answer.paymentTaken', 'Payment taken', undefined, l),
  paymentWasAlreadyTaken: (l: Language) =>
    t('server.answer.paymentWasAlreadyTaken', 'This payment was already taken', undefined, l),
  refundRecorded: (l: Language) => t('server.answer.refundRecorded', 'Refund recorded', undefined, l),
  thankYouYourReportHas: (l: Language) =>
    t('server.answer.thankYouYourReportHas', 'Thank you, your report has been submitted', undefined, l),
  yourReportHasBeenDeleted: (l: Language) =>
    t('server.answer.yourReportHasBeenDeleted', 'Your report has been deleted', undefined, l),
  refundHasBeenSent: (l: Language) => t('server.answer.refundHasBeenSent', 'The refund has been sent', undefined, l),
  routeNotFound: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.routeNotFound', 'Route {{v0}} {{v1}} not found', v, l),
  pleaseSignBeforeUploadingPhoto: (l: Language) =>
    t('server.answer.pleaseSignBeforeUploadingPhoto', 'Please sign in before uploading a photo', undefined, l),
  sendPhotoMultipartFormData: (l: Language) =>
    t(
      'server.answer.sendPhotoMultipartFormData',
      'Send the photo as multipart/form-data in the field "image"',
      undefined,
      l,
    ),
  photoMostMB: (l: Language, v: { v0: string }) =>
    t('server.answer.photoMostMB', 'The photo must be at most {{v0}} MB', v, l),
  choosePhotoUploadFieldImage: (l: Language) =>
    t('server.answer.choosePhotoUploadFieldImage', 'Choose a photo to upload in the field "image"', undefined, l),
  accountAlreadyHasRecord: (l: Language) =>
    t('server.answer.accountAlreadyHasRecord', 'This account already has a record', undefined, l),
  userCreated: (l: Language) => t('server.answer.userCreated', 'User created', undefined, l),
  userUpdated: (l: Language) => t('server.answer.userUpdated', 'User updated', undefined, l),
  unknownPrinter: (l: Language) => t('server.answer.unknownPrinter', 'Unknown printer', undefined, l),
  noPrinterWithId: (l: Language) => t('server.answer.noPrinterWithId', 'No printer with this id', undefined, l),
  noPrintJobWithId: (l: Language) => t('server.answer.noPrintJobWithId', 'No print job with this id', undefined, l),
  thereNoReceiptPrinterAdd: (l: Language) =>
    t(
      'server.answer.thereNoReceiptPrinterAdd',
      'There is no receipt printer: add one on the Printers page',
      undefined,
      l,
    ),
  printerHasBeenAddedType: (l: Language) =>
    t(
      'server.answer.printerHasBeenAddedType',
      'The printer has been added: type its address into the printer now, it is shown only once',
      undefined,
      l,
    ),
  printerHasBeenUpdated: (l: Language) =>
    t('server.answer.printerHasBeenUpdated', 'The printer has been updated', undefined, l),
  printerHasBeenRemoved: (l: Language) =>
    t('server.answer.printerHasBeenRemoved', 'The printer has been removed', undefined, l),
  newAddressTypeIntoPrinter: (l: Language) =>
    t(
      'server.answer.newAddressTypeIntoPrinter',
      'A new address: type it into the printer now, it is shown only once',
      undefined,
      l,
    ),
  testPageItsWay: (l: Language) => t('server.answer.testPageItsWay', 'A test page is on its way', undefined, l),
  reprinting: (l: Language) => t('server.answer.reprinting', 'Reprinting', undefined, l),
  receiptItsWayPrinter: (l: Language) =>
    t('server.answer.receiptItsWayPrinter', 'The receipt is on its way to the printer', undefined, l),
  noJobWaitingPrinter: (l: Language) =>
    t('server.answer.noJobWaitingPrinter', 'No job is waiting for this printer', undefined, l),
  noJobPrinterHoldsToken: (l: Language) =>
    t('server.answer.noJobPrinterHoldsToken', 'No job of this printer holds this token', undefined, l),
  confirmed: (l: Language) => t('server.answer.confirmed', 'Confirmed', undefined, l),
  branchIdOrSlug: (l: Language, v: { v0: string }) =>
    t(
      'server.field.branchIdOrSlug',
      '{{v0}} must be a branch id or slug (lower-case letters, digits and hyphens)',
      v,
      l,
    ),
  positiveWholeNumber: (l: Language, v: { v0: string }) =>
    t('server.field.positiveWholeNumber', '{{v0}} must be a positive whole number', v, l),
  validEMailAddressRequired: (l: Language) =>
    t('server.field.validEMailAddressRequired', 'a valid e-mail address is required', undefined, l),
  givenOnceText: (l: Language) => t('server.field.givenOnceText', 'must be given once, as text', undefined, l),
  mostCharacters: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.mostCharacters', '{{v0}} must be at most {{v1}} characters', v, l),
  required: (l: Language, v: { v0: string }) => t('server.field.required', '{{v0}} is required', v, l),
  most: (l: Language, v: { v0: string; v1: string }) => t('server.field.most', '{{v0}} must be at most {{v1}}', v, l),
  least: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.least', '{{v0}} must be at least {{v1}}', v, l),
  wholeNumber: (l: Language, v: { v0: string }) => t('server.field.wholeNumber', '{{v0}} must be a whole number', v, l),
  aNumber: (l: Language, v: { v0: string }) => t('server.field.aNumber', '{{v0}} must be a number', v, l),
  aText: (l: Language, v: { v0: string }) => t('server.field.aText', '{{v0}} must be text', v, l),
  mayCarryMostTwoDecimals: (l: Language, v: { v0: string }) =>
    t('server.field.mayCarryMostTwoDecimals', '{{v0}} may carry at most two decimals', v, l),
  haveLeast5Digits: (l: Language, v: { v0: string }) =>
    t('server.field.haveLeast5Digits', '{{v0}} must have at least 5 digits', v, l),
  phoneNumberDigitsSpaces: (l: Language, v: { v0: string }) =>
    t('server.field.phoneNumberDigitsSpaces', '{{v0}} must be a phone number (digits, spaces, + ( ) - .)', v, l),
  most30Characters: (l: Language, v: { v0: string }) =>
    t('server.field.most30Characters', '{{v0}} must be at most 30 characters', v, l),
  limitWholeNumberFrom1: (l: Language, v: { v0: string }) =>
    t('server.field.limitWholeNumberFrom1', 'limit must be a whole number from 1 to {{v0}}', v, l),
  cursorNextCursorPageBefore: (l: Language) =>
    t('server.field.cursorNextCursorPageBefore', 'cursor must be the nextCursor of the page before', undefined, l),
  keyPrintableCharactersWithoutSpaces: (l: Language) =>
    t(
      'server.field.keyPrintableCharactersWithoutSpaces',
      'key must be printable characters without spaces',
      undefined,
      l,
    ),
  key864Characters: (l: Language) => t('server.field.key864Characters', 'key must be 8 to 64 characters', undefined, l),
  keyRequired: (l: Language) => t('server.field.keyRequired', 'key is required', undefined, l),
  providerOne: (l: Language, v: { v0: string }) =>
    t('server.field.providerOne', 'provider must be one of: {{v0}}', v, l),
  fieldMethodOne: (l: Language, v: { v0: string }) =>
    t('server.field.methodOne', 'method must be one of: {{v0}}', v, l),
  keyMayUseLettersDigits: (l: Language) =>
    t('server.field.keyMayUseLettersDigits', 'key may use letters, digits, _ and -', undefined, l),
  key8100Characters: (l: Language) =>
    t('server.field.key8100Characters', 'key must be 8 to 100 characters', undefined, l),
  billidRequired: (l: Language) => t('server.field.billidRequired', 'billId is required', undefined, l),
  most2: (l: Language, v: { v0: string }) => t('server.field.most2', 'must be at most {{v0}}', v, l),
  least2: (l: Language, v: { v0: string }) => t('server.field.least2', 'must be at least {{v0}}', v, l),
  wholeNumber2: (l: Language) => t('server.field.wholeNumber2', 'must be a whole number', undefined, l),
  number: (l: Language) => t('server.field.number', 'must be a number', undefined, l),
  mayCarryMostTwoDecimals2: (l: Language) =>
    t('server.field.mayCarryMostTwoDecimals2', 'may carry at most two decimals', undefined, l),
  dateCalendarYYYYMMDD: (l: Language) =>
    t('server.field.dateCalendarYYYYMMDD', 'must be a date of the calendar (YYYY-MM-DD)', undefined, l),
  dateYYYYMMDD: (l: Language) => t('server.field.dateYYYYMMDD', 'must be a date (YYYY-MM-DD)', undefined, l),
  timeHHMM: (l: Language) => t('server.field.timeHHMM', 'must be a time (HH:MM)', undefined, l),
  oneLineText: (l: Language) => t('server.field.oneLineText', 'must be one line of text', undefined, l),
  mostCharacters2: (l: Language, v: { v0: string }) =>
    t('server.field.mostCharacters2', 'must be at most {{v0}} characters', v, l),
  required2: (l: Language) => t('server.field.required2', 'is required', undefined, l),
  text: (l: Language) => t('server.field.text', 'must be text', undefined, l),
  cannotOpen2400: (l: Language) => t('server.field.cannotOpen2400', 'cannot open at 24:00', undefined, l),
  closeAfterOpens: (l: Language) => t('server.field.closeAfterOpens', 'must close after it opens', undefined, l),
  haveMost50Spans: (l: Language) => t('server.field.haveMost50Spans', 'must have at most 50 spans', undefined, l),
  listDayOpenClose: (l: Language) =>
    t('server.field.listDayOpenClose', 'must be a list of { day, open, close }', undefined, l),
  overlapsAnotherSpanSameDay: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.overlapsAnotherSpanSameDay', 'overlaps another span of the same day ({{v0}}–{{v1}})', v, l),
  listMaxPartyIncreasingOrder: (l: Language) =>
    t('server.field.listMaxPartyIncreasingOrder', 'must list maxParty in increasing order', undefined, l),
  needsLeastOneEntry: (l: Language) => t('server.field.needsLeastOneEntry', 'needs at least one entry', undefined, l),
  listMaxPartyMinutes: (l: Language) =>
    t('server.field.listMaxPartyMinutes', 'must be a list of { maxParty, minutes }', undefined, l),
  frompartysizePerCoverRefundableUntilMinutes: (l: Language) =>
    t(
      'server.field.frompartysizePerCoverRefundableUntilMinutes',
      'must be { fromPartySize, perCover, refundableUntilMinutes }',
      undefined,
      l,
    ),
  divide60: (l: Language) => t('server.field.divide60', 'must divide 60', undefined, l),
  most100: (l: Language) => t('server.field.most100', 'must be at most 100', undefined, l),
  least0: (l: Language) => t('server.field.least0', 'must be at least 0', undefined, l),
  trueFalse: (l: Language) => t('server.field.trueFalse', 'must be true or false', undefined, l),
  iso8601InstantNull: (l: Language) =>
    t('server.field.iso8601InstantNull', 'must be an ISO 8601 instant or null', undefined, l),
  perguestMaxUnits: (l: Language) => t('server.field.perguestMaxUnits', 'must be { perGuest, maxUnits }', undefined, l),
  categoryNameMost60Characters: (l: Language) =>
    t('server.field.categoryNameMost60Characters', 'a category name must be at most 60 characters', undefined, l),
  categoryNameRequired: (l: Language) =>
    t('server.field.categoryNameRequired', 'a category name is required', undefined, l),
  most40Characters: (l: Language) => t('server.field.most40Characters', 'must be at most 40 characters', undefined, l),
  dineinTakeaway: (l: Language) => t('server.field.dineinTakeaway', 'must be { dineIn, takeaway }', undefined, l),
  listMost100Categories: (l: Language) =>
    t('server.field.listMost100Categories', 'must list at most 100 categories', undefined, l),
  categoryRate: (l: Language) => t('server.field.categoryRate', 'must be { category: rate }', undefined, l),
  haveMost5Values: (l: Language) => t('server.field.haveMost5Values', 'must have at most 5 values', undefined, l),
  listPercentages: (l: Language) => t('server.field.listPercentages', 'must be a list of percentages', undefined, l),
  billingSettings: (l: Language) => t('server.field.billingSettings', 'must be the billing settings', undefined, l),
  categoryRateNull: (l: Language) =>
    t('server.field.categoryRateNull', 'must be { category: rate or null }', undefined, l),
  ianaTimeZoneNameE: (l: Language) =>
    t('server.field.ianaTimeZoneNameE', 'must be an IANA time zone name (e.g. Europe/London, UTC)', undefined, l),
  ianaTimeZoneName: (l: Language) => t('server.field.ianaTimeZoneName', 'must be an IANA time zone name', undefined, l),
  threeLetterCurrencyCodeE: (l: Language) =>
    t('server.field.threeLetterCurrencyCodeE', 'must be a three-letter currency code (e.g. USD)', undefined, l),
  currencyCode: (l: Language) => t('server.field.currencyCode', 'must be a currency code', undefined, l),
  one: (l: Language, v: { v0: string }) => t('server.field.one', 'must be one of {{v0}}', v, l),
  listMost400Dates: (l: Language) => t('server.field.listMost400Dates', 'must list at most 400 dates', undefined, l),
  listDates: (l: Language) => t('server.field.listDates', 'must be a list of dates', undefined, l),
  partysizeWholeNumber: (l: Language) =>
    t('server.field.partysizeWholeNumber', 'partySize must be a whole number', undefined, l),
  sourceOne: (l: Language, v: { v0: string }) => t('server.field.sourceOne', 'source must be one of: {{v0}}', v, l),
  phoneRequired: (l: Language) => t('server.field.phoneRequired', 'phone is required', undefined, l),
  tableidsNeedsTable: (l: Language) => t('server.field.tableidsNeedsTable', 'tableIds needs a table', undefined, l),
  statusOne: (l: Language, v: { v0: string }) => t('server.field.statusOne', 'status must be one of: {{v0}}', v, l),
  kindOne: (l: Language, v: { v0: string }) => t('server.field.kindOne', 'kind must be one of: {{v0}}', v, l),
  staffUserId: (l: Language) => t('server.field.staffUserId', 'staff must be a user id', undefined, l),
  fromNotAfterTo: (l: Language) => t('server.field.fromNotAfterTo', 'from must not be after to', undefined, l),
  mostDaysOnce: (l: Language, v: { v0: string }) => t('server.field.mostDaysOnce', 'at most {{v0}} days at once', v, l),
  fulfilmentOne: (l: Language, v: { v0: string }) =>
    t('server.field.fulfilmentOne', 'fulfilment must be one of: {{v0}}', v, l),
  orderidsMayListMostOrders: (l: Language, v: { v0: string }) =>
    t('server.field.orderidsMayListMostOrders', 'orderIds may list at most {{v0}} orders', v, l),
  orderidsOrderIdsSeparatedCommas: (l: Language) =>
    t('server.field.orderidsOrderIdsSeparatedCommas', 'orderIds must be order ids separated by commas', undefined, l),
  addressLine1AreaPhoneInstructions: (l: Language) =>
    t(
      'server.field.addressLine1AreaPhoneInstructions',
      'address must be { line1, area, phone, instructions? }',
      undefined,
      l,
    ),
  payMethodAccountNumberMethodCash: (l: Language, v: { v0: string }) =>
    t(
      'server.field.payMethodAccountNumberMethodCash',
      'pay must be { Method: {{v0}}, AccountNumber }, { Method: "cash" } or { provider: "stripe" | "bkash" }',
      v,
      l,
    ),
  orderidsNeedsLeastOneOrder: (l: Language) =>
    t('server.field.orderidsNeedsLeastOneOrder', 'orderIds needs at least one order', undefined, l),
  orderidsListOrderIds: (l: Language) =>
    t('server.field.orderidsListOrderIds', 'orderIds must be a list of order ids', undefined, l),
  whenAsapReadyTimeISO: (l: Language) =>
    t('server.field.whenAsapReadyTimeISO', 'when must be "asap" or a ready time (ISO 8601)', undefined, l),
  usergmailYourOwnEMail: (l: Language) =>
    t('server.field.usergmailYourOwnEMail', 'userGmail must be your own e-mail', undefined, l),
  notAnsweringRightNowNothing: (l: Language, v: { v0: string }) =>
    t(
      'server.field.notAnsweringRightNowNothing',
      '{{v0}} is not answering right now: nothing was charged, please try again',
      v,
      l,
    ),
  orderquantityWholeNumber: (l: Language) =>
    t('server.field.orderquantityWholeNumber', 'orderQuantity must be a whole number', undefined, l),
  orderquantityMost: (l: Language, v: { v0: string }) =>
    t('server.field.orderquantityMost', 'orderQuantity must be at most {{v0}}', v, l),
  orderquantityLeast: (l: Language, v: { v0: string }) =>
    t('server.field.orderquantityLeast', 'orderQuantity must be at least {{v0}}', v, l),
  usergmailEMailAddress: (l: Language) =>
    t('server.field.usergmailEMailAddress', 'userGmail must be an e-mail address', undefined, l),
  optionsNotListValueTwice: (l: Language) =>
    t('server.field.optionsNotListValueTwice', 'options must not list a value twice', undefined, l),
  optionsMayListMostValues: (l: Language, v: { v0: string }) =>
    t('server.field.optionsMayListMostValues', 'options may list at most {{v0}} values', v, l),
  optionsListOptionValueIds: (l: Language) =>
    t('server.field.optionsListOptionValueIds', 'options must be a list of option value ids', undefined, l),
  status: (l: Language, v: { v0: string }) => t('server.field.status', 'status must be {{v0}}', v, l),
  orderidRequired: (l: Language) => t('server.field.orderidRequired', 'orderId is required', undefined, l),
  payRequired: (l: Language) => t('server.field.payRequired', 'pay is required', undefined, l),
  payment: (l: Language, v: { v0: string }) => t('server.field.payment', 'payment must be {{v0}}', v, l),
  reporttextNotContainControlCharacters: (l: Language) =>
    t(
      'server.field.reporttextNotContainControlCharacters',
      'reportText must not contain control characters',
      undefined,
      l,
    ),
  reporttextMostCharacters: (l: Language, v: { v0: string }) =>
    t('server.field.reporttextMostCharacters', 'reportText must be at most {{v0}} characters', v, l),
  reporttextRequired: (l: Language) => t('server.field.reporttextRequired', 'reportText is required', undefined, l),
  nameMost100Characters: (l: Language) =>
    t('server.field.nameMost100Characters', 'name must be at most 100 characters', undefined, l),
  nameRequired: (l: Language) => t('server.field.nameRequired', 'name is required', undefined, l),
  userimgPhotoUploadedSite: (l: Language) =>
    t('server.field.userimgPhotoUploadedSite', 'userImg must be a photo uploaded to this site', undefined, l),
  roleOne: (l: Language, v: { v0: string }) => t('server.field.roleOne', 'role must be one of: {{v0}}', v, l),
  categoryTooLong: (l: Language) => t('server.field.categoryTooLong', 'category is too long', undefined, l),
  searchtextMostCharacters: (l: Language, v: { v0: string }) =>
    t('server.field.searchtextMostCharacters', 'searchText must be at most {{v0}} characters', v, l),
  searchtextRequired: (l: Language) => t('server.field.searchtextRequired', 'searchText is required', undefined, l),
  itemsMayListMost30: (l: Language) =>
    t('server.field.itemsMayListMost30', 'items may list at most 30 ingredients', undefined, l),
  itemsNeedsLeastOneIngredient: (l: Language) =>
    t('server.field.itemsNeedsLeastOneIngredient', 'items needs at least one ingredient', undefined, l),
  itemsListIngredients: (l: Language) =>
    t('server.field.itemsListIngredients', 'items must be a list of ingredients', undefined, l),
  itemsBnMayListMost30: (l: Language) =>
    t('server.field.itemsBnMayListMost30', 'translations.bn.items may list at most 30 ingredients', undefined, l),
  itemsBnListIngredients: (l: Language) =>
    t('server.field.itemsBnListIngredients', 'translations.bn.items must be a list of ingredients', undefined, l),
  imgPictureUploadedWithPOST: (l: Language) =>
    t(
      'server.field.imgPictureUploadedWithPOST',
      'img must be a picture uploaded with POST /api/v1/images',
      undefined,
      l,
    ),
  imgRequired: (l: Language) => t('server.field.imgRequired', 'img is required', undefined, l),
  allergensNotRepeatName: (l: Language) =>
    t('server.field.allergensNotRepeatName', 'allergens must not repeat a name', undefined, l),
  allergensList: (l: Language, v: { v0: string }) =>
    t('server.field.allergensList', 'allergens must be a list of: {{v0}}', v, l),
  dietNotRepeatLabel: (l: Language) =>
    t('server.field.dietNotRepeatLabel', 'diet must not repeat a label', undefined, l),
  dietList: (l: Language, v: { v0: string }) => t('server.field.dietList', 'diet must be a list of: {{v0}}', v, l),
  popullerTrueFalse: (l: Language) =>
    t('server.field.popullerTrueFalse', 'populler must be true or false', undefined, l),
  availableTrueFalse: (l: Language) =>
    t('server.field.availableTrueFalse', 'available must be true or false', undefined, l),
  soldoutuntilISO8601Instant: (l: Language) =>
    t('server.field.soldoutuntilISO8601Instant', 'soldOutUntil must be an ISO 8601 instant', undefined, l),
  defaultTrueFalse: (l: Language) => t('server.field.defaultTrueFalse', 'default must be true or false', undefined, l),
  prepunitsMayCarryMostOne: (l: Language) =>
    t('server.field.prepunitsMayCarryMostOne', 'prepUnits may carry at most one decimal', undefined, l),
  prepunitsMost: (l: Language, v: { v0: string }) =>
    t('server.field.prepunitsMost', 'prepUnits must be at most {{v0}}', v, l),
  prepunitsLeast0: (l: Language) => t('server.field.prepunitsLeast0', 'prepUnits must be at least 0', undefined, l),
  prepunitsNumber: (l: Language) => t('server.field.prepunitsNumber', 'prepUnits must be a number', undefined, l),
  optionGroupMayHaveMost: (l: Language, v: { v0: string }) =>
    t('server.field.optionGroupMayHaveMost', 'an option group may have at most {{v0}} values', v, l),
  optionGroupNeedsLeastOne: (l: Language) =>
    t('server.field.optionGroupNeedsLeastOne', 'an option group needs at least one value', undefined, l),
  valuesListOptionValues: (l: Language) =>
    t('server.field.valuesListOptionValues', 'values must be a list of option values', undefined, l),
  dishMayHaveMostOption: (l: Language, v: { v0: string }) =>
    t('server.field.dishMayHaveMostOption', 'a dish may have at most {{v0}} option groups', v, l),
  optionsListOptionGroups: (l: Language) =>
    t('server.field.optionsListOptionGroups', 'options must be a list of option groups', undefined, l),
  soldoutuntilGoesWithAvailableFalse: (l: Language) =>
    t('server.field.soldoutuntilGoesWithAvailableFalse', 'soldOutUntil goes with available: false', undefined, l),
  soldoutuntilFuture: (l: Language) =>
    t('server.field.soldoutuntilFuture', 'soldOutUntil must be in the future', undefined, l),
  categoryOneMenuSCategories: (l: Language, v: { v0: string }) =>
    t(
      'server.field.categoryOneMenuSCategories',
      'category must be one of the menu\'s categories: there is no "{{v0}}"',
      v,
      l,
    ),
  orderidNotDishFavourite: (l: Language) =>
    t('server.field.orderidNotDishFavourite', 'orderId is not the dish of this favourite', undefined, l),
  now: (l: Language, v: { v0: string; v1: string }) => t('server.field.now', '{{v0}} is now {{v1}}', v, l),
  hasBeenDeleted: (l: Language, v: { v0: string }) => t('server.field.hasBeenDeleted', '{{v0}} has been deleted', v, l),
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
  maxcoversLeastMinCovers: (l: Language) =>
    t('server.field.maxcoversLeastMinCovers', 'maxCovers must be at least minCovers', undefined, l),
  activeTrueFalse: (l: Language) => t('server.field.activeTrueFalse', 'active must be true or false', undefined, l),
  tableidsNotRepeatTable: (l: Language) =>
    t('server.field.tableidsNotRepeatTable', 'tableIds must not repeat a table', undefined, l),
  tableidsMayListMost8: (l: Language) =>
    t('server.field.tableidsMayListMost8', 'tableIds may list at most 8 tables', undefined, l),
  tableidsNeedsLeast2Tables: (l: Language) =>
    t('server.field.tableidsNeedsLeast2Tables', 'tableIds needs at least 2 tables', undefined, l),
  tableidsListTableIds: (l: Language) =>
    t('server.field.tableidsListTableIds', 'tableIds must be a list of table ids', undefined, l),
  hasUpcomingBookingsDeactivateInstead: (l: Language, v: { v0: string }) =>
    t('server.field.hasUpcomingBookingsDeactivateInstead', '{{v0}} has upcoming bookings: deactivate it instead', v, l),
  tableidsNoTableWithId: (l: Language, v: { v0: string }) =>
    t('server.field.tableidsNoTableWithId', 'tableIds: no table with the id {{v0}}', v, l),
  timeNotOneDayS: (l: Language, v: { v0: string }) =>
    t('server.field.timeNotOneDayS', "time {{v0}} is not one of the day's booking times", v, l),
  tableidsEachActiveTable: (l: Language) =>
    t('server.field.tableidsEachActiveTable', 'tableIds: each must be an active table', undefined, l),
  tableidsThoseTablesSeatFewer: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.field.tableidsThoseTablesSeatFewer',
      'tableIds: those tables seat {{v0}}, fewer than the party of {{v1}}',
      v,
      l,
    ),
  quantityMost: (l: Language, v: { v0: string }) =>
    t('server.field.quantityMost', 'quantity must be at most {{v0}}', v, l),
  quantityLeast: (l: Language, v: { v0: string }) =>
    t('server.field.quantityLeast', 'quantity must be at least {{v0}}', v, l),
  quantityWholeNumber: (l: Language) =>
    t('server.field.quantityWholeNumber', 'quantity must be a whole number', undefined, l),
  eachLineProductIdQuantityOptions: (l: Language) =>
    t(
      'server.field.eachLineProductIdQuantityOptions',
      'each line must be { productId, quantity, options?, note? }',
      undefined,
      l,
    ),
  linesMayListMostDishes: (l: Language, v: { v0: string }) =>
    t('server.field.linesMayListMostDishes', 'lines may list at most {{v0}} dishes', v, l),
  linesNeedsLeastOneDish: (l: Language) =>
    t('server.field.linesNeedsLeastOneDish', 'lines needs at least one dish', undefined, l),
  linesListProductIdQuantityOptions: (l: Language) =>
    t(
      'server.field.linesListProductIdQuantityOptions',
      'lines must be a list of { productId, quantity, options?, note? }',
      undefined,
      l,
    ),
  customerNamePhone: (l: Language) =>
    t('server.field.customerNamePhone', 'customer must be { name?, phone? }', undefined, l),
  keyNotContainControlCharacters: (l: Language) =>
    t(
      'server.field.keyNotContainControlCharacters',
      'key must not contain control characters or surrounding spaces',
      undefined,
      l,
    ),
  keyCharacters: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.keyCharacters', 'key must be {{v0}} to {{v1}} characters', v, l),
  notOfferedRightNow: (l: Language, v: { v0: string }) =>
    t('server.field.notOfferedRightNow', '{{v0}} is not offered right now', v, l),
  tableidNotTableRestaurant: (l: Language) =>
    t('server.field.tableidNotTableRestaurant', 'tableId is not a table of the restaurant', undefined, l),
  reasonMost200Characters: (l: Language) =>
    t('server.field.reasonMost200Characters', 'reason must be at most 200 characters', undefined, l),
  reasonText: (l: Language) => t('server.field.reasonText', 'reason must be text', undefined, l),
  paperwidth: (l: Language, v: { v0: string }) => t('server.field.paperwidth', 'paperWidth must be {{v0}}', v, l),
  categoriesMayListMost50: (l: Language) =>
    t('server.field.categoriesMayListMost50', 'categories may list at most 50 categories', undefined, l),
  categoriesListCategoryNames: (l: Language) =>
    t('server.field.categoriesListCategoryNames', 'categories must be a list of category names', undefined, l),
  typeOne: (l: Language, v: { v0: string }) => t('server.field.typeOne', 'type must be one of: {{v0}}', v, l),
  translationsBnObject: (l: Language) =>
    t('server.field.translationsBnObject', 'translations.bn must be an object', undefined, l),
  translationsObject: (l: Language, v: { v0: string }) =>
    t('server.field.translationsObject', 'translations must be an object: {{v0}}', v, l),
  maxAtMostValues: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.maxAtMostValues', '{{v0}}: max must be at most its number of values ({{v1}})', v, l),
  minAtMostMax: (l: Language, v: { v0: string }) =>
    t('server.field.minAtMostMax', '{{v0}}: min must be at most max', v, l),
  maxAtLeast1: (l: Language, v: { v0: string }) =>
    t('server.field.maxAtLeast1', '{{v0}}: max must be at least 1', v, l),
  groupNameTwice: (l: Language, v: { v0: string }) =>
    t('server.field.groupNameTwice', 'options: the group name "{{v0}}" is used twice', v, l),
  groupIdTwice: (l: Language, v: { v0: string }) =>
    t('server.field.groupIdTwice', 'options: the group _id {{v0}} is sent twice', v, l),
  valueNameTwice: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.valueNameTwice', '{{v0}}: the value name "{{v1}}" is used twice', v, l),
  valueIdTwice: (l: Language, v: { v0: string }) =>
    t('server.field.valueIdTwice', 'options: the value _id {{v0}} is sent twice', v, l),
  oneDefault: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.oneDefault', '{{v0}}: at most {{v1}} value may be default', v, l),
  defaults: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.defaults', '{{v0}}: at most {{v1}} values may be default', v, l),
} as const;

/** A message's code: one of the catalog's messages of the server. */
export type MessageCode = keyof typeof MESSAGES;

/** Something the owner names in both languages (decision 047): `name_bn` empty or absent where none was written. */
export interface Named {
  name: string;
  name_bn?: string | null;
}

/**
 * Several named things in one value, written with a name in the answer's language
 * (decision 049): `(n) => soldOut.map(n).join(', ')`.
 */
export type Naming = (name: (thing: Named) => string) => string;

/** A value a message names: text, a number, a named thing (its name in the answer's language), or several. */
export type MessageValue = string | number | Named | Naming;

/** The values a code's message names, by placeholder (`{ names: … }` for "Sold out: {{names}}"). */
export type MessageValues<C extends MessageCode> =
  Parameters<(typeof MESSAGES)[C]> extends [Language, infer V] ? { [K in keyof V]: MessageValue } : undefined;

/** The values argument of a code: none for a message without placeholders, else its values. */
export type ValuesOf<C extends MessageCode> = MessageValues<C> extends undefined ? [] : [values: MessageValues<C>];

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

/** A named thing's name in `language`: the Bangla where the owner wrote one, else the English. */
export const nameIn = (language: Language) => (thing: Named) => (language === 'bn' && thing.name_bn) || thing.name;

/**
 * A code's message in `language`, its named things written in that language and its other values
 * through `plain` (the field names a message says, "price", are in the catalogs too).
 */
export function messageIn<C extends MessageCode>(
  code: C,
  values: MessageValues<C> | Record<string, MessageValue> | undefined,
  language: Language,
  plain: (value: string, language: Language) => string = (value) => value,
): string {
  const name = nameIn(language);
  const written: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {}) as [string, MessageValue][])
    written[key] =
      typeof value === 'function'
        ? value(name)
        : typeof value === 'object'
          ? name(value)
          : plain(String(value), language);
  return (MESSAGES[code] as (language: Language, values: Record<string, string>) => string)(language, written);
}
