/** An error shown in place; `role="alert"` makes screen readers announce it. */
export function ErrorMessage({
  message,
  testId,
  children,
}: {
  message: string | null | undefined;
  testId?: string;
  children?: React.ReactNode;
}) {
  if (!message) return null;
  return (
    <div className="error" role="alert" data-testid={testId}>
      <p>{message}</p>
      {children}
    </div>
  );
}
