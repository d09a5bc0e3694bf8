// Engine prose marks code with Markdown backticks (`eval`, `items.length`). Where the editor shows
// plain text (diagnostics, notifications, panel titles) the backticks would show as they are, so
// code spans become quoted text there. The explanation view renders them as <code> instead.

/** `code` spans as 'code'; other text unchanged. Unpaired backticks are left alone. */
export function plainText(text: string): string {
  return text.replace(/`([^`\n]+)`/g, "'$1'");
}
