export type Certificate = {
  _id: string
  certificateNumber: string
  title: string
  skills: string[]
  issuedAt: string
  studentName: string
  startup: { _id: string; companyName: string }
  metadata: { taskTitle: string; taskCategory: string; completionDate: string }
  verifyUrl: string
}
