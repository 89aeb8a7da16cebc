import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * The menu (dishes, categories, option groups, search), favourites and dish reports, and their fields:
 * the server's messages by code, one area of MESSAGES (errors.ts).
 */
export const MENU_CODES = {
  noDish: (l: Language) => t('server.noDish', 'No dish with this id', undefined, l),
  favouriteKeepsNoOptionsConfirming: (l: Language) =>
    t(
      'server.answer.favouriteKeepsNoOptionsConfirming',
      'A favourite keeps no options: confirming it orders the defaults',
      undefined,
      l,
    ),
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
  youHaveAlreadyReportedDish: (l: Language) =>
    t('server.answer.youHaveAlreadyReportedDish', 'You have already reported this dish', undefined, l),
  noSuchReport: (l: Language) => t('server.answer.noSuchReport', 'No such report', undefined, l),
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
  thankYouYourReportHas: (l: Language) =>
    t('server.answer.thankYouYourReportHas', 'Thank you, your report has been submitted', undefined, l),
  yourReportHasBeenDeleted: (l: Language) =>
    t('server.answer.yourReportHasBeenDeleted', 'Your report has been deleted', undefined, l),
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
  offeredTrueFalse: (l: Language) => t('server.field.offeredTrueFalse', 'offered must be true or false', undefined, l),
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
