import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { type MessageCode, isMessageCode, messageIn } from '../../src/shared/contract/errors.ts';
import { withoutPseudo } from '../../src/shared/i18n/i18n.ts';

/**
 * Every message the server may answer with, read from its code (decision 049): the texts given to
 * the HTTP errors (`badRequest('…')`, `conflict(RESERVATION_MESSAGES.taken)`, `new HttpError(403,
 * '…')`), the `message` of the answers the routes write, and the messages of the requests'
 * schemas (zod's `{ error: '…' }`, `.regex(re, '…')`, `.refine(fn, '…')`, `message: '…'`). A text
 * named through a constant is followed to the constant's value (TypeScript's checker), a template
 * literal's values become "{{value}}" placeholders. `unresolved` lists the calls whose text could
 * not be read (a variable made at run time). A message thrown by its code (decision 064), or made
 * by its code where it is written (`said` in a schema, `answerMessage` in a route), is the code's
 * catalog English.
 */

export interface ServerMessage {
  text: string;
  where: string;
  /** The code it is made by (decision 064), when it is: its text is the code's English. */
  code?: MessageCode;
}

/** A text an expression may be, with the code it is made by, if any. */
interface Text {
  text: string;
  code?: MessageCode;
}

const ERROR_FUNCTIONS = new Set([
  'badRequest',
  'conflict',
  'notFound',
  'forbidden',
  'unauthorized',
  'badGateway',
  'HttpError',
]);
const SCHEMA_METHODS = new Set([
  'regex',
  'refine',
  'min',
  'max',
  'length',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'startsWith',
  'endsWith',
  'includes',
  'multipleOf',
  'gte',
  'lte',
  'gt',
  'lt',
  'uuid',
  'datetime',
  'date',
  'time',
  'trim',
]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A code's catalog English, its values left as placeholders ("{{v0}} is required"). */
const codeEnglish = (code: MessageCode) => withoutPseudo(() => messageIn(code, undefined, 'en'));

/** The code of a message made by code where it is written: `said('required', …)` (a schema's), `answerMessage(request, 'tableHasBeenAdded')` (a route's). */
function saidCode(node: ts.CallExpression): MessageCode | undefined {
  const callee = node.expression;
  if (!ts.isIdentifier(callee) || (callee.text !== 'said' && callee.text !== 'answerMessage')) return undefined;
  const code = node.arguments[callee.text === 'said' ? 0 : 1];
  return code && ts.isStringLiteral(code) && isMessageCode(code.text) ? code.text : undefined;
}

export function serverMessages(root: string): { messages: ServerMessage[]; unresolved: string[] } {
  const server = files(join(root, 'src/server'));
  const contract = files(join(root, 'src/shared/contract'));
  const program = ts.createProgram([...server, ...contract], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    resolveJsonModule: true,
  });
  const checker = program.getTypeChecker();
  const messages: ServerMessage[] = [];
  const unresolved: string[] = [];
  const where = (node: ts.Node) => {
    const source = node.getSourceFile();
    return `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  /** The texts an expression may be: literals, templates, both sides of a condition, a constant's value. */
  function texts(node: ts.Expression, depth = 0): Text[] | undefined {
    if (depth > 6) return undefined;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return texts(node.expression, depth);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ text: node.text }];
    if (ts.isTemplateExpression(node))
      return [{ text: node.head.text + node.templateSpans.map((span, i) => `{{v${i}}}${span.literal.text}`).join('') }];
    if (ts.isConditionalExpression(node)) {
      const [a, b] = [texts(node.whenTrue, depth + 1), texts(node.whenFalse, depth + 1)];
      return a && b ? [...a, ...b] : undefined;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      return texts(node.right, depth + 1);
    if (ts.isCallExpression(node)) {
      const code = saidCode(node);
      return code ? [{ text: codeEnglish(code), code }] : texts(node.expression, depth + 1);
    }
    if (ts.isArrowFunction(node) && ts.isBlock(node.body)) {
      const returned: Text[] = [];
      const visit = (inner: ts.Node): void => {
        if (ts.isReturnStatement(inner) && inner.expression)
          returned.push(...(texts(inner.expression, depth + 1) ?? []));
        else if (!ts.isFunctionLike(inner)) ts.forEachChild(inner, visit);
      };
      visit(node.body);
      return returned.length > 0 ? returned : undefined;
    }
    if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return texts(node.body, depth + 1);
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (
        declaration &&
        (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) &&
        declaration.initializer
      )
        return texts(declaration.initializer, depth + 1);
      if (declaration && (ts.isFunctionDeclaration(declaration) || ts.isArrowFunction(declaration))) return undefined;
    }
    return undefined;
  }

  function add(node: ts.Expression, optional = false): void {
    const found = texts(node);
    if (found) for (const { text, code } of found) messages.push({ text, code, where: where(node) });
    else if (!optional) unresolved.push(`${where(node)} ${node.getText()}`);
  }

  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('node_modules')) continue;
    const isContract = file.fileName.includes('/src/shared/contract/');
    const visit = (node: ts.Node): void => {
      const code = ts.isCallExpression(node) ? saidCode(node) : undefined;
      if (code) messages.push({ text: codeEnglish(code), code, where: where(node) });
      else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        const args = node.arguments ?? [];
        // (errors.ts defines them: `badRequest = (message) => new HttpError(400, message)`.)
        if (ERROR_FUNCTIONS.has(name) && !isContract && !file.fileName.endsWith('/http/errors.ts')) {
          const text = name === 'HttpError' ? args[1] : args[0];
          // A message's code (decision 064): its catalog English, which its values fill.
          if (text && ts.isStringLiteral(text) && isMessageCode(text.text))
            messages.push({ text: codeEnglish(text.text), code: text.text, where: where(text) });
          else if (text) add(text);
        }
        if (isContract && ts.isPropertyAccessExpression(callee) && SCHEMA_METHODS.has(name)) {
          for (const arg of args.slice(
            name === 'email' ||
              name === 'url' ||
              name === 'int' ||
              name === 'positive' ||
              name === 'nonnegative' ||
              name === 'trim'
              ? 0
              : 1,
          )) {
            if (ts.isStringLiteral(arg) || ts.isTemplateExpression(arg) || ts.isNoSubstitutionTemplateLiteral(arg))
              add(arg);
          }
        }
      }
      // The constants of messages (`BILL_MESSAGES`): every text in them, also those passed along as a value.
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /_MESSAGES$/.test(node.name.text) &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties)
          if (ts.isPropertyAssignment(property)) add(property.initializer, true);
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
        const key = node.name.text;
        const literal =
          ts.isStringLiteral(node.initializer) ||
          ts.isTemplateExpression(node.initializer) ||
          ts.isNoSubstitutionTemplateLiteral(node.initializer) ||
          ts.isConditionalExpression(node.initializer) ||
          ts.isArrowFunction(node.initializer);
        if (isContract && (key === 'error' || key === 'message') && literal) add(node.initializer, true);
        if (!isContract && key === 'message' && !file.fileName.endsWith('/http/language.ts'))
          add(node.initializer, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { messages, unresolved };
}
