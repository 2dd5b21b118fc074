// A static export (out/): the page is rendered on the server at build time, where the element's module is
// imported too (it must define nothing there), and the element comes alive in the browser.
/** @type {import('next').NextConfig} */
const config = { output: 'export' };
export default config;
