/* Flags are drawn inline so the toggle never depends on an image host being up. */

export function UsFlag() {
  return (
    <svg className="i18n-toggle__flag" viewBox="0 0 19 10" width="24" height="16" aria-hidden="true">
      <rect width="19" height="10" fill="#b22234" />
      {[1, 3, 5, 7, 9].map((row) => (
        <rect key={row} y={(row * 10) / 13} width="19" height={10 / 13} fill="#fff" />
      ))}
      <rect width="7.6" height={(7 * 10) / 13} fill="#3c3b6e" />
    </svg>
  );
}

export function PanamaFlag() {
  return (
    <svg className="i18n-toggle__flag" viewBox="0 0 30 20" width="24" height="16" aria-hidden="true">
      <rect width="30" height="20" fill="#fff" />
      <rect x="15" width="15" height="10" fill="#da121a" />
      <rect y="10" width="15" height="10" fill="#072357" />
      <polygon
        points="7.5,2 8.4,4.6 11.1,4.6 8.9,6.2 9.7,8.8 7.5,7.2 5.3,8.8 6.1,6.2 3.9,4.6 6.6,4.6"
        fill="#072357"
      />
      <polygon
        points="22.5,12 23.4,14.6 26.1,14.6 23.9,16.2 24.7,18.8 22.5,17.2 20.3,18.8 21.1,16.2 18.9,14.6 21.6,14.6"
        fill="#da121a"
      />
    </svg>
  );
}
