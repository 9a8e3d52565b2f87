export type Certificate = {
  _id: string
  certificateNumber: string
  title: string
  skills: string[]
  issuedAt: string
  studentName: string
  /** The issuer as it stands now: verifiedDomain is "" when it is not verified, since when it joined. */
  startup: { _id: string; companyName: string; verifiedDomain?: string; since?: string }
  metadata: { taskTitle: string; taskCategory: string; taskPostedAt?: string; completionDate: string }
  verifyUrl: string
}
