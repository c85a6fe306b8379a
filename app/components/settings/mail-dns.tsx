/**
 * Settings › Mail: the DNS records that let mailbox providers trust the
 * newsletters: the DKIM key to publish for the signing selector, and the SPF
 * and DMARC records to check for the From address's domain.
 */
export type MailDnsProps = {
  fromDomain: string;
  records: { purpose: string; name: string; type: string; value: string }[];
};

export function MailDnsRecords({ fromDomain, records }: MailDnsProps) {
  return (
    <section className="admin-panel mail-dns-section" aria-labelledby="mail-dns-title">
      <h2 id="mail-dns-title">Mail</h2>
      <p className="hint">
        Newsletters are sent from <strong>{fromDomain}</strong> and signed with DKIM. Publish the
        DKIM record below in that domain's DNS, and check that SPF and DMARC records exist (your
        mail provider may ask for its own SPF <code>include:</code>).
      </p>
      <dl className="mail-dns">
        {records.map((record) => (
          <div key={record.purpose} className="mail-dns-record">
            <dt>{record.purpose}</dt>
            <dd>
              <span className="mail-dns-label">Name ({record.type})</span>{" "}
              <code>{record.name}</code>
            </dd>
            <dd>
              <span className="mail-dns-label">Value</span>{" "}
              <code className="mail-dns-value">{record.value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
