/// <reference path="./fxa-common-password-list.d.ts" />
import commonPasswordList from 'fxa-common-password-list';

/**
 * ASVS 6.2.12: a new password is refused when it is among the most common and breached ones:
 * Mozilla's list for Firefox Accounts (50,000 passwords of 8 characters or more, from the ten-million
 * list of breached passwords). Case is ignored, so 'PASSWORD1' is as common as 'password1'.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswordList.test(password) || commonPasswordList.test(password.toLowerCase());
}
