/**
 * LinkedIn's "Add to profile" link for a certification (its public add-to-profile URL, no API key):
 * the certificate's name (the course), the organisation (Halaqa), the issue year and month, the
 * verification page and the certificate's id.
 * @param issuedOn 'YYYY-MM-DD'
 */
export function linkedInAddUrl(cert: { courseTitle: string; issuedOn: string; url: string; id: string }): string {
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: cert.courseTitle,
    organizationName: 'Halaqa',
    issueYear: cert.issuedOn.slice(0, 4),
    issueMonth: String(Number(cert.issuedOn.slice(5, 7))),
    certUrl: cert.url,
    certId: cert.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
