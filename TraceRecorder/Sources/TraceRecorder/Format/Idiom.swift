/// The device family a session ran on (`UIUserInterfaceIdiom`), as the header's `idiom`.
public enum Idiom: String, CaseIterable, Sendable {
  case phone
  case pad
}
