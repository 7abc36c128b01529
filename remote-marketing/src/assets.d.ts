/** Images are bundled as files; importing one gives its URL (webpack asset/resource). */
declare module '*.svg' {
  const url: string;
  export default url;
}
