import { t } from './i18n.ts';
import type { Language } from './languages.ts';

/**
 * Server messages the services answer with (refusals, and
 * what was done), in the catalogs (decision 049): messages.ts writes a message again in a language (the
 * server's answers, the staff forms' own checks) when it matches one of these English templates. tests/unit/languages/server-messages.test.ts fails on a message of the server's code that
 * none matches. A ticket's or a booking's new status is a message of its own (the most specific
 * template wins), so that the status is said in the language too ("Order A-012 is now
 * preparing" → "অর্ডার A-012 এখন রান্না হচ্ছে", decision 045).
 */
export const ANSWER_MESSAGES: ((language: Language, values?: Record<string, string>) => string)[] = [
  (l, v) => t('server.answer.noSuchBranch', 'No such branch', v, l),
  (l, v) => t('server.answer.branchHasClosed', 'This branch has closed', v, l),
  (l, v) => t('server.answer.sendLeastOneFieldChange', 'Send at least one field to change', v, l),
  (l, v) =>
    t('server.answer.accountnumberHaveFewerThanDigits', 'AccountNumber must have fewer than {{v0}} digits', v, l),
  (l, v) => t('server.answer.accountnumberDigits', 'AccountNumber must be digits', v, l),
  (l, v) => t('server.answer.accountnumberRequired', 'AccountNumber is required', v, l),
  (l, v) => t('server.answer.requestBodyNestedTooDeeply', 'The request body is nested too deeply', v, l),
  (l, v) => t('server.answer.tooManyFailedSignIns', 'Too many failed sign-ins. Please try again in {{v0}}.', v, l),
  (l, v) =>
    t(
      'server.answer.tooManyLiveConnectionsFrom',
      'Too many live connections from this address. Close another tab or device and try again.',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.staffMayOnlyChangeKitchen',
      "Staff may only change the kitchen's busy controls ({{v0}}), not {{v1}}",
      v,
      l,
    ),
  (l, v) => t('server.answer.keyWasAlreadyUsedAnother', 'This key was already used for another refund', v, l),
  (l, v) => t('server.answer.onlyPaidPaymentCanRefunded', 'Only a paid payment can be refunded', v, l),
  (l, v) => t('server.answer.mostCanRefunded', 'At most {{v0}} can be refunded', v, l),
  (l, v) => t('server.answer.paymentsAreNotSetUp', 'Payments by {{v0}} are not set up', v, l),
  (l, v) => t('server.answer.stripeSignatureEventNotValid', 'The Stripe-Signature of this event is not valid', v, l),
  (l, v) => t('server.answer.paymentsBkashAreTakenBDT', 'Payments by bkash are taken in BDT only', v, l),
  (l, v) => t('server.answer.methodOne', 'Method must be one of {{v0}}', v, l),
  (l, v) =>
    t(
      'server.answer.favouriteKeepsNoOptionsConfirming',
      'A favourite keeps no options: confirming it orders the defaults',
      v,
      l,
    ),
  (l, v) => t('server.answer.accountnumberDigitsOnly', 'AccountNumber must be digits only', v, l),
  (l, v) => t('server.answer.optionNotOneS', "Option {{v0}} is not one of {{v1}}'s", v, l),
  (l, v) => t('server.answer.staffMayOnlyChangeDish', "Staff may only change a dish's availability, not {{v0}}", v, l),
  (l, v) =>
    t('server.answer.keyWasAlreadyUsedAnother2', 'This key was already used for another change of a dish', v, l),
  (l, v) => t('server.answer.dishHasNoOptionValue', 'This dish has no option value with this id', v, l),
  (l, v) => t('server.answer.thereAlreadyCategoryNamed', 'There is already a category named "{{v0}}"', v, l),
  (l, v) => t('server.answer.noCategoryWithId', 'No category with this id', v, l),
  (l, v) =>
    t('server.answer.stillHoldsMoveRemoveThem', '"{{v0}}" still holds {{v1}} {{v2}}: move or remove them first', v, l),
  (l, v) => t('server.answer.dishNotYourFavourites', 'This dish is not in your favourites', v, l),
  (l, v) => t('server.answer.noSuchFavouriteUser', 'No such favourite for this user', v, l),
  (l, v) => t('server.answer.noSuchFavouriteYourList', 'No such favourite in your list', v, l),
  (l, v) => t('server.answer.favouriteHasAlreadyBeenConfirmed', 'This favourite has already been confirmed', v, l),
  (l, v) =>
    t('server.answer.orderAlreadyPlacedCanNo', 'This order is already placed: it can no longer be deleted', v, l),
  (l, v) => t('server.answer.youHaveAlreadyReportedDish', 'You have already reported this dish', v, l),
  (l, v) => t('server.answer.noSuchReport', 'No such report', v, l),
  (l, v) => t('server.answer.noUserWithEMail', 'No user with this e-mail', v, l),
  (l, v) => t('server.answer.noUserWithId', 'No user with this id', v, l),
  (l, v) => t('server.answer.youCannotDeleteYourOwn', 'You cannot delete your own account', v, l),
  (l, v) =>
    t(
      'server.answer.restaurantNeedsLeastOneAdministrator',
      'The restaurant needs at least one administrator: make another user admin first',
      v,
      l,
    ),
  (l, v) => t('server.answer.pictureMostMB', 'The picture must be at most {{v0}} MB', v, l),
  (l, v) =>
    t(
      'server.answer.fileNotPictureSendJPEG',
      'The file is not a picture: send a JPEG, PNG, WebP, GIF or AVIF image',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.svgPicturesAreNotAccepted',
      'SVG pictures are not accepted: send a JPEG, PNG, WebP, GIF or AVIF image',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.pictureMostMegapixelsOne',
      'The picture must be at most {{v0}} megapixels (this one is {{v1}})',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.pictureLeastPixelsOne',
      'The picture must be at least {{v0}} × {{v1}} pixels (this one is {{v2}} × {{v3}})',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.pictureCouldNotReadSend',
      'The picture could not be read: send a JPEG, PNG, WebP, GIF or AVIF image',
      v,
      l,
    ),
  (l, v) => t('server.answer.photoImageJPEGPNGWebP', 'The photo must be an image (JPEG, PNG, WebP, GIF or AVIF)', v, l),
  (l, v) => t('server.answer.photoCouldNotReadImage', 'The photo could not be read as an image', v, l),
  (l, v) => t('server.answer.orderHasBeenDeleted', 'The order has been deleted', v, l),
  (l, v) => t('server.answer.favouriteHasBeenDeleted', 'The favourite has been deleted', v, l),
  (l, v) => t('server.answer.reportHasBeenDeleted', 'The report has been deleted', v, l),
  (l, v) => t('server.answer.noCategories', 'No categories', v, l),
  (l, v) => t('server.answer.noSuchCategory', 'No such category', v, l),
  (l, v) => t('server.answer.noPopularDishes', 'No popular dishes', v, l),
  (l, v) => t('server.answer.noDishes', 'No dishes', v, l),
  (l, v) => t('server.answer.dishHasBeenAddedMenu', 'The dish has been added to the menu', v, l),
  (l, v) => t('server.answer.dishHasBeenUpdated', 'The dish has been updated', v, l),
  (l, v) => t('server.answer.dishHasBeenRemovedFrom', 'The dish has been removed from the menu', v, l),
  (l, v) => t('server.answer.categoryHasBeenAdded', 'The category has been added', v, l),
  (l, v) => t('server.answer.categoryHasBeenRenamed', 'The category has been renamed', v, l),
  (l, v) => t('server.answer.categoryHasBeenRemoved', 'The category has been removed', v, l),
  (l, v) => t('server.answer.dishAlreadyYourFavourites', 'This dish is already in your favourites', v, l),
  (l, v) => t('server.answer.addedYourFavourites', 'Added to your favourites', v, l),
  (l, v) => t('server.answer.removedFromYourFavourites', 'Removed from your favourites', v, l),
  (l, v) => t('server.answer.giveEitherPercentAmount', 'Give either percent or amount', v, l),
  (l, v) => t('server.answer.keyWasAlreadyUsedAnother3', 'This key was already used for another payment', v, l),
  (l, v) => t('server.answer.nothingDueBill', 'Nothing is due on this bill', v, l),
  (l, v) => t('server.answer.amountMoreThanBillS', "The amount is more than the bill's due ({{v0}})", v, l),
  (l, v) => t('server.answer.noSuchBill', 'No such bill', v, l),
  (l, v) => t('server.answer.billAlreadyPaid', 'This bill is already paid', v, l),
  (l, v) => t('server.answer.billVoid', 'This bill is void', v, l),
  (l, v) =>
    t('server.answer.staffMayTakeMostOff', 'Staff may take at most {{v0}} % off a bill: ask an administrator', v, l),
  (l, v) => t('server.answer.nothingOwedBackBill', 'Nothing is owed back on this bill', v, l),
  (l, v) => t('server.answer.splitKept', 'Split kept until its shares are paid', v, l),
  (l, v) => t('server.answer.keyWasAlreadyUsedSplit', 'This key was already used for another split', v, l),
  (l, v) => t('server.answer.billNotSplit', 'This bill is not split: split it before paying a share', v, l),
  (l, v) => t('server.answer.billSplitWaysShare', 'This bill is split {{v0}} ways: a share is 1 to {{v1}}', v, l),
  (l, v) => t('server.answer.shareAlreadyPaid', 'Share {{v0}} is already paid', v, l),
  (l, v) => t('server.answer.shareIsTakeThat', 'Share {{v0}} is {{v1}}: take that amount for it', v, l),
  (l, v) =>
    t('server.answer.sharesAlreadyPaidSplit', '{{v0}} shares are already paid: split at least {{v1}} ways', v, l),
  (l, v) =>
    t('server.answer.amountMoreThanWhatOwed', 'The amount is more than what is owed back on this bill ({{v0}})', v, l),
  (l, v) =>
    t(
      'server.answer.tableOwesBack',
      "This table's bill owes {{v0}} back to its guests: give it back before the next round",
      v,
      l,
    ),
  (l, v) =>
    t('server.answer.noPaymentBillHasMuch', 'No {{v0}} payment on this bill has that much left to give back', v, l),
  (l, v) => t('server.answer.thereAlreadyTableNamed', 'There is already a table named "{{v0}}"', v, l),
  (l, v) => t('server.answer.noTableCombinationWithId', 'No table combination with this id', v, l),
  (l, v) =>
    t('server.answer.reservationChangedMeanwhileLookAgain', 'This reservation changed meanwhile: look again', v, l),
  (l, v) =>
    t('server.answer.itsTableHasBeenGiven', 'Its table has been given away meanwhile: book the guest again', v, l),
  (l, v) => t('server.answer.reservationCannotBecome', 'A reservation that is {{v0}} cannot become {{v1}}', v, l),
  (l, v) => t('server.answer.noShowCanBookedAgain', 'A no-show can be booked again only on its own day', v, l),
  (l, v) =>
    t('server.answer.onlyRestaurantStaffMayBook', 'Only the restaurant staff may book by phone or seat walk-ins', v, l),
  (l, v) => t('server.answer.noFreeTableFitsNow', 'No free table fits {{v0}} {{v1}} now', v, l),
  (l, v) => t('server.answer.onlyRestaurantStaffMayChoose', 'Only the restaurant staff may choose the tables', v, l),
  (l, v) => t('server.answer.reservationNow', 'The reservation is now {{v0}}', v, l),
  (l, v) => t('server.answer.reservationNowBooked', 'The reservation is now booked', v, l),
  (l, v) => t('server.answer.reservationNowSeated', 'The reservation is now seated', v, l),
  (l, v) => t('server.answer.reservationNowCompleted', 'The reservation is now completed', v, l),
  (l, v) => t('server.answer.reservationNowCancelled', 'The reservation is now cancelled', v, l),
  (l, v) => t('server.answer.reservationNowNoShow', 'The reservation is now no-show', v, l),
  (l, v) => t('server.answer.reservationNowPendingDeposit', 'The reservation is now pending-deposit', v, l),
  (l, v) => t('server.answer.tableHasBeenAdded', 'The table has been added', v, l),
  (l, v) => t('server.answer.tableHasBeenUpdated', 'The table has been updated', v, l),
  (l, v) => t('server.answer.tableHasBeenDeleted', 'The table has been deleted', v, l),
  (l, v) => t('server.answer.combinationHasBeenAdded', 'The combination has been added', v, l),
  (l, v) => t('server.answer.combinationHasBeenRemoved', 'The combination has been removed', v, l),
  (l, v) =>
    t(
      'server.answer.sendPictureMultipartFormData',
      'Send the picture as multipart/form-data in the field "image"',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.uploadCouldNotReadSend',
      'The upload could not be read: send one complete multipart/form-data body',
      v,
      l,
    ),
  (l, v) => t('server.answer.choosePictureUploadFieldImage', 'Choose a picture to upload in the field "image"', v, l),
  (l, v) => t('server.answer.noSuchPicture', 'No such picture', v, l),
  (l, v) =>
    t(
      'server.answer.ordersPaidOnlineRightNow',
      'Orders must be paid online right now: choose a card or mobile payment',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.orderTooLargePayLater',
      'This order is too large to pay later (it needs {{v0}} kitchen units; at most {{v1}} can wait for payment): pay for it online, or place it as smaller orders',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.youAlreadyHaveUnpaidWaiting',
      'You already have {{v0}} unpaid {{v1}} waiting: pay for this one online, or place it once one of them is paid or collected',
      v,
      l,
    ),
  (l, v) => t('server.answer.weAreNotTakingOnline', 'We are not taking online orders right now', v, l),
  (l, v) =>
    t(
      'server.answer.weCannotTakeOrderSoon',
      'We cannot take an order for as soon as possible now: please choose a time',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.onlinePaymentTakenThroughPayments',
      'An online payment is taken through the payments module',
      v,
      l,
    ),
  (l, v) =>
    t(
      'server.answer.dineOrderNeedsYourReservation',
      'A dine-in order needs your reservation (reservationId) or a table (tableId)',
      v,
      l,
    ),
  (l, v) => t('server.answer.dineOrderNeedsTableTableId', 'A dine-in order needs a table (tableId)', v, l),
  (l, v) => t('server.answer.orderHasAlreadyBeenPaid', 'This order has already been paid', v, l),
  (l, v) => t('server.answer.reservation', 'This reservation is {{v0}}', v, l),
  (l, v) => t('server.answer.orderWasAlreadySentKitchen', 'This order was already sent to the kitchen', v, l),
  (l, v) =>
    t(
      'server.answer.keyWasUsedAnotherOrder',
      'This key was used for another order: each new order needs a new key',
      v,
      l,
    ),
  (l, v) => t('server.answer.yourOrderHasBeenPlaced', 'Your order has been placed', v, l),
  (l, v) => t('server.answer.orderHasBeenSentKitchen', 'The order has been sent to the kitchen', v, l),
  (l, v) => t('server.answer.cancellingOrderNeedsReason', 'Cancelling an order needs a reason', v, l),
  (l, v) =>
    t('server.answer.keyWasAlreadyUsedAnother4', 'This key was already used for another change of an order', v, l),
  (l, v) => t('server.answer.orderCannotBecome', 'An order that is {{v0}} cannot become {{v1}}', v, l),
  (l, v) =>
    t(
      'server.answer.orderCanRecalledOnlyWithin',
      'An order can be recalled only within {{v0}} minutes of completing it',
      v,
      l,
    ),
  (l, v) => t('server.answer.orderChangedMeanwhileLookAgain', 'This order changed meanwhile: look again', v, l),
  (l, v) => t('server.answer.orderNow', 'Order {{v0}} is now {{v1}}', v, l),
  (l, v) => t('server.answer.orderNowReceived', 'Order {{v0}} is now received', v, l),
  (l, v) => t('server.answer.orderNowPreparing', 'Order {{v0}} is now preparing', v, l),
  (l, v) => t('server.answer.orderNowReady', 'Order {{v0}} is now ready', v, l),
  (l, v) => t('server.answer.orderNowCompleted', 'Order {{v0}} is now completed', v, l),
  (l, v) => t('server.answer.orderNowCancelled', 'Order {{v0}} is now cancelled', v, l),
  (l, v) => t('server.answer.discountAdded', 'Discount added', v, l),
  (l, v) => t('server.answer.paymentTaken', 'Payment taken', v, l),
  (l, v) => t('server.answer.paymentWasAlreadyTaken', 'This payment was already taken', v, l),
  (l, v) => t('server.answer.refundRecorded', 'Refund recorded', v, l),
  (l, v) => t('server.answer.thankYouYourReportHas', 'Thank you, your report has been submitted', v, l),
  (l, v) => t('server.answer.yourReportHasBeenDeleted', 'Your report has been deleted', v, l),
  (l, v) => t('server.answer.refundHasBeenSent', 'The refund has been sent', v, l),
  (l, v) => t('server.answer.routeNotFound', 'Route {{v0}} {{v1}} not found', v, l),
  (l, v) => t('server.answer.pleaseSignBeforeUploadingPhoto', 'Please sign in before uploading a photo', v, l),
  (l, v) =>
    t('server.answer.sendPhotoMultipartFormData', 'Send the photo as multipart/form-data in the field "image"', v, l),
  (l, v) => t('server.answer.photoMostMB', 'The photo must be at most {{v0}} MB', v, l),
  (l, v) => t('server.answer.choosePhotoUploadFieldImage', 'Choose a photo to upload in the field "image"', v, l),
  (l, v) => t('server.answer.accountAlreadyHasRecord', 'This account already has a record', v, l),
  (l, v) => t('server.answer.userCreated', 'User created', v, l),
  (l, v) => t('server.answer.userUpdated', 'User updated', v, l),
  (l, v) => t('server.answer.unknownPrinter', 'Unknown printer', v, l),
  (l, v) => t('server.answer.noPrinterWithId', 'No printer with this id', v, l),
  (l, v) => t('server.answer.noPrintJobWithId', 'No print job with this id', v, l),
  (l, v) =>
    t('server.answer.thereNoReceiptPrinterAdd', 'There is no receipt printer: add one on the Printers page', v, l),
  (l, v) =>
    t(
      'server.answer.printerHasBeenAddedType',
      'The printer has been added: type its address into the printer now, it is shown only once',
      v,
      l,
    ),
  (l, v) => t('server.answer.printerHasBeenUpdated', 'The printer has been updated', v, l),
  (l, v) => t('server.answer.printerHasBeenRemoved', 'The printer has been removed', v, l),
  (l, v) =>
    t(
      'server.answer.newAddressTypeIntoPrinter',
      'A new address: type it into the printer now, it is shown only once',
      v,
      l,
    ),
  (l, v) => t('server.answer.testPageItsWay', 'A test page is on its way', v, l),
  (l, v) => t('server.answer.reprinting', 'Reprinting', v, l),
  (l, v) => t('server.answer.receiptItsWayPrinter', 'The receipt is on its way to the printer', v, l),
  (l, v) => t('server.answer.noJobWaitingPrinter', 'No job is waiting for this printer', v, l),
  (l, v) => t('server.answer.noJobPrinterHoldsToken', 'No job of this printer holds this token', v, l),
  (l, v) => t('server.answer.confirmed', 'Confirmed', v, l),
];
