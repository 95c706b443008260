import { describe, expect, it } from 'vitest';
import { readBarrel, rewriteImports } from './direct-imports';

const MANTINE_LIKE = [
  'import { Button } from "./components/Button/Button.mjs";',
  'import { em, rem } from "./core/rem.mjs";',
  'import { RemoveScroll } from "react-remove-scroll";',
  'import * as everything from "./all.mjs";',
  'export { Button, RemoveScroll, em, everything, rem as toRem };',
].join('\n');

const TABLER_LIKE = [
  "import * as index from './icons/index.mjs';",
  'export { index as icons };',
  "export { default as IconX, default as IconClose } from './icons/IconX.mjs';",
].join('\n');

describe('readBarrel', () => {
  it('maps what a barrel re-exports to the module that defines it', () => {
    const exports = readBarrel(MANTINE_LIKE, '/pkg/esm/index.mjs');
    expect(exports.get('Button')).toEqual({ file: '/pkg/esm/components/Button/Button.mjs', imported: 'Button' });
    expect(exports.get('toRem')).toEqual({ file: '/pkg/esm/core/rem.mjs', imported: 'rem' });
    // Another package stays a bare specifier, resolved as usual.
    expect(exports.get('RemoveScroll')).toEqual({ file: 'react-remove-scroll', imported: 'RemoveScroll' });
  });

  it('reads `export { default as X } from` and leaves namespaces out', () => {
    const exports = readBarrel(TABLER_LIKE, '/icons/esm/index.mjs');
    expect(exports.get('IconClose')).toEqual({ file: '/icons/esm/icons/IconX.mjs', imported: 'default' });
    expect(exports.has('icons')).toBe(false);
    expect(exports.has('everything')).toBe(false);
  });
});

describe('rewriteImports', () => {
  const barrel = readBarrel(MANTINE_LIKE, '/pkg/esm/index.mjs');
  const apply = (code: string) => {
    let out = code;
    for (const edit of rewriteImports(code, ['@pkg/core'], () => barrel).reverse()) {
      out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    }
    return out;
  };

  it('imports each name from its own module, keeping local names, on the same line', () => {
    const code = "import { Button as B, em, toRem } from '@pkg/core';\nconsole.log(B, em, toRem);";
    expect(apply(code)).toBe(
      'import { Button as B } from "/pkg/esm/components/Button/Button.mjs"; import { em, rem as toRem } from "/pkg/esm/core/rem.mjs";\nconsole.log(B, em, toRem);',
    );
  });

  it('leaves names it cannot place on the barrel', () => {
    expect(apply("import { Button, Unknown } from '@pkg/core';")).toBe(
      'import { Button } from "/pkg/esm/components/Button/Button.mjs"; import { Unknown } from "@pkg/core";',
    );
  });

  it('leaves other packages, side-effect imports and namespace imports alone', () => {
    const code = "import { Button } from 'other';\nimport '@pkg/core';\nimport * as core from '@pkg/core';\nexport { core };";
    expect(apply(code)).toBe(code);
  });
});
