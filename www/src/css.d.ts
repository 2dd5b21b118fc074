// The builds (scripts/build-www.mjs, scripts/finish-pkg.mjs) import stylesheets as text, for shadow roots.
declare module '*.css' {
  const text: string;
  export default text;
}

// The players' rules as HTML, made from www/rules/*.md by the package's build (scripts/finish-pkg.mjs).
declare module 'battleline:rules' {
  export const rulesHtml: { en: string; zh: string };
}
