import { z } from 'zod';
import { emailField, newPasswordField, positiveIntegerField, requiredString, withPasswordConfirmation } from '../fields';

export const loginSchema = z.object({
  email: emailField(),
  // no length rule here: a sign-in only compares with the stored password
  password: requiredString('Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const confirmPassword = requiredString('Confirm password is required');

export const changePasswordSchema = withPasswordConfirmation(
  z.object({
    currentPassword: requiredString('Current password is required'),
    password: newPasswordField(),
    confirmPassword,
  }),
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = withPasswordConfirmation(
  z.object({
    token: requiredString('Reset token is required'),
    password: newPasswordField(),
    confirmPassword,
  }),
);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** /auth/register: an account from an invitation, with the numeric code sent by mail. */
export const registerSchema = withPasswordConfirmation(
  z.object({
    email: emailField(),
    code: positiveIntegerField('Code must be a number'),
    password: newPasswordField(),
    confirmPassword,
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;
