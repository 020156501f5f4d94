/** Sign-in, sign-up and password reset: a centred card, no sidebar. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-10">{children}</main>;
}
