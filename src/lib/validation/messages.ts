/**
 * The field messages of the spec's shared rules (visitor spec section 5, admin spec section 5), word for word.
 * The spec keeps these in English; screens show them under their fields as they are.
 */
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  phoneRequired: 'Please enter a valid phone number',
  phoneInvalid: 'Please enter a valid phone number',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  nameInvalid: 'Name can only contain letters, spaces, hyphens, apostrophes, and periods',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be less than 128 characters',
  passwordWeak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
} as const;
