/**
 * Copies text to the clipboard: the Clipboard API first; where it is missing or refused
 * (an insecure origin, a denied permission, an older browser), the legacy method of
 * selecting a temporary textarea and running the copy command. True when either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return legacyCopy(text);
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return legacyCopy(text);
  }
}

function legacyCopy(text: string): boolean {
  const previousFocus = document.activeElement;
  const textarea = document.createElement("textarea");
  textarea.value = text;
  // readonly keeps phones from opening the keyboard; off-screen keeps the page still.
  textarea.setAttribute("readonly", "");
  textarea.setAttribute("aria-hidden", "true");
  textarea.className = "fixed top-0 -left-[9999px] opacity-0";
  document.body.append(textarea);
  textarea.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  textarea.remove();
  if (previousFocus instanceof HTMLElement) previousFocus.focus();
  return copied;
}
