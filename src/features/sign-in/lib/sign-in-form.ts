import { z } from 'zod';

/** What the sign-in form sends; its messages show under the field they are about. */
export const signInForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email')
    .pipe(z.email('Enter an email address, such as name@example.com')),
  password: z.string().min(1, 'Enter your password'),
});
