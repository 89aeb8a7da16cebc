import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Signing in, roles and sessions, accounts, branches, uploaded pictures and photos, and the answers any
 * call may give (too large, busy, failed): the server's messages by code, one area of MESSAGES (errors.ts).
 */
export const ACCESS_CODES = {
  signInFirst: (l: Language) => t('server.signInFirst', 'Please sign in first', undefined, l),
  notAllowed: (l: Language) => t('server.notAllowed', 'You are not allowed to do this', undefined, l),
  notFound: (l: Language) => t('server.notFound', 'Not found', undefined, l),
  sessionEnded: (l: Language) => t('server.sessionEnded', 'Your session has ended, please sign in again', undefined, l),
  sessionExpired: (l: Language) =>
    t('server.sessionExpired', 'Your session has expired, please sign in again', undefined, l),
  onlyAdmins: (l: Language) => t('server.onlyAdmins', 'Only administrators may do this', undefined, l),
  onlyBrandAdmins: (l: Language) =>
    t('server.onlyBrandAdmins', "Only the brand's administrators may do this", undefined, l),
  notYourBranch: (l: Language) => t('server.notYourBranch', 'You do not work at this branch', undefined, l),
  onlyStaff: (l: Language) => t('server.onlyStaff', 'Only the restaurant staff may do this', undefined, l),
  ownAccount: (l: Language) => t('server.ownAccount', 'You may only act for your own account', undefined, l),
  ownRecordsChange: (l: Language) => t('server.ownRecordsChange', 'You may only change your own records', undefined, l),
  ownRecordsSee: (l: Language) => t('server.ownRecordsSee', 'You may only see your own records', undefined, l),
  tooLarge: (l: Language) => t('server.tooLarge', 'The request is too large', undefined, l),
  badRequest: (l: Language) => t('server.badRequest', 'Bad request', undefined, l),
  unavailable: (l: Language) =>
    t('server.unavailable', 'The service is temporarily unavailable, please try again', undefined, l),
  busy: (l: Language) => t('server.busy', 'We are very busy right now: please try again in a moment', undefined, l),
  failed: (l: Language) => t('server.failed', 'Something went wrong on our side, please try again', undefined, l),
  noSuchBranch: (l: Language) => t('server.answer.noSuchBranch', 'No such branch', undefined, l),
  branchHasClosed: (l: Language) => t('server.answer.branchHasClosed', 'This branch has closed', undefined, l),
  branchSlugTaken: (l: Language) =>
    t('server.answer.branchSlugTaken', 'Another branch already has this slug', undefined, l),
  lastOpenBranch: (l: Language) =>
    t('server.answer.lastOpenBranch', 'The brand keeps at least one open branch', undefined, l),
  sendLeastOneFieldChange: (l: Language) =>
    t('server.answer.sendLeastOneFieldChange', 'Send at least one field to change', undefined, l),
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
  branchIdOrSlug: (l: Language, v: { v0: string }) =>
    t(
      'server.field.branchIdOrSlug',
      '{{v0}} must be a branch id or slug (lower-case letters, digits and hyphens)',
      v,
      l,
    ),
  branchSlug: (l: Language, v: { v0: string }) =>
    t(
      'server.field.branchSlug',
      '{{v0}} must be lower-case letters, digits and single hyphens, not only digits, and not "all"',
      v,
      l,
    ),
  validEMailAddressRequired: (l: Language) =>
    t('server.field.validEMailAddressRequired', 'a valid e-mail address is required', undefined, l),
  nameMost100Characters: (l: Language) =>
    t('server.field.nameMost100Characters', 'name must be at most 100 characters', undefined, l),
  nameRequired: (l: Language) => t('server.field.nameRequired', 'name is required', undefined, l),
  userimgPhotoUploadedSite: (l: Language) =>
    t('server.field.userimgPhotoUploadedSite', 'userImg must be a photo uploaded to this site', undefined, l),
  roleOne: (l: Language, v: { v0: string }) => t('server.field.roleOne', 'role must be one of: {{v0}}', v, l),
} as const;
