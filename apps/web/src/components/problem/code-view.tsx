import { codeLanguage, tokenize, tokenLines, type Token } from './highlight';

export function TokenSpans({ tokens }: { tokens: Token[] }) {
  return (
    <>
      {tokens.map((t, i) =>
        t.kind === 'text' ? (
          t.text
        ) : (
          <span key={i} className={`tok-${t.kind}`}>
            {t.text}
          </span>
        ),
      )}
    </>
  );
}

/** A program with line numbers and syntax highlighting (React spans, never HTML strings). */
export function CodeView({ code, language }: { code: string; language: string }) {
  const lines = tokenLines(tokenize(code, codeLanguage(language)));
  return (
    <div className="pb-code" data-testid="code-view" data-language={codeLanguage(language)}>
      {lines.map((tokens, i) => (
        <div key={i} className="pb-code-line">
          <span className="pb-ln">{i + 1}</span>
          <code>
            <TokenSpans tokens={tokens} />
          </code>
        </div>
      ))}
    </div>
  );
}
