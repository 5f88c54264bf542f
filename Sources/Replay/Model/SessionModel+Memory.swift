import TraceModel

/// Keeping memory bounded in sessions that name millions of objects: once the session's ids
/// reach ``SessionModel/objectCap`` and none is free, the ids of view controllers the model no
/// longer needs are released for reuse — deallocated ones, and those detached and disappeared,
/// with no relation to any other object and referred to by nothing the model keeps. When too
/// few of those are found, the ones that have left every structure (no parent, window,
/// presentation or popover) go too, whatever their appearance state: none of them is on screen.
extension SessionModel {
  /// Releases unneeded ids when the session's ids have reached the cap (cheap otherwise). Call
  /// between events, once the findings of the last one are worded.
  package func releaseUnneededIDs() {
    guard recyclesIDs, symbols.count >= nextSweep, symbols.freeCount == 0 else { return }
    growToSymbols()
    let referenced = referencedIDs()
    var forgotten = release(referenced) { $0.isIdle }
    let outOfStructures = symbols.freeCount < objectCap / 4
    if outOfStructures { forgotten += release(referenced) { $0.hasLeftEveryStructure } }
    let freed = symbols.freeCount
    // Too few freed: let the ids grow rather than sweep again every few events.
    nextSweep = freed < objectCap / 4 ? symbols.count * 2 : symbols.count
    if (forgotten > 0 || freed < objectCap / 4) && !warnedAboutCap {
      warnedAboutCap = true
      warnings.append(
        IngestIssue(
          .tooManyObjects, line: line,
          "the session names more than \(objectCap) objects; to bound memory traceq forgot view controllers "
            + "not in use here (detached, disappeared, unrelated to any other"
            + (outOfStructures ? "; then any that no container, window, presentation or popover holds" : "")
            + "), so one named again later is replayed as new: the answers it gave before (supported "
            + "orientations, autorotation) and its appearance state no longer count"
            + (freed < objectCap / 4 ? ", and more objects are in use than the limit: memory grows with them" : "")))
    }
  }

  /// Releases the ids of the view controllers nothing refers to whose state passes `unneeded`;
  /// returns how many of them the session had named.
  private func release(_ referenced: [Bool], where unneeded: (ControllerState) -> Bool) -> Int {
    var forgotten = 0
    for offset in 0..<symbols.count where !referenced[offset] {
      let id = ObjectID(offset)
      // A released id has no roles: it is not released twice.
      guard symbols.roles(of: id) == .viewController, unneeded(controllers[offset]) else { continue }
      if controllers[offset].isKnown { forgotten += 1 }
      noteShownChange(id)
      controllers[offset] = ControllerState()
      symbols.release(id)
    }
    return forgotten
  }

  /// Which ids something the model keeps refers to (relations, windows, popovers, findings made
  /// once or held, a decision waiting for its answers).
  private func referencedIDs() -> [Bool] {
    var referenced = [Bool](repeating: false, count: symbols.count)
    func mark(_ id: ObjectID?) { if let id { referenced[id.offset] = true } }
    for index in controllers.indices where controllers[index].isKnown {
      let state = controllers[index]
      mark(state.parent)
      state.children.forEach(mark)
      mark(state.selectedChild)
      mark(state.pendingDidMove?.parent)
      mark(state.poppedFrom)
      mark(state.rootOfWindow)
      mark(state.presented)
      mark(state.presenter)
      if state.presentationEndLine == nil { mark(state.presentedFrom) }
      mark(state.transition?.controller)
      state.transition?.moving.forEach(mark)
      mark(state.dismissedBy)
      mark(state.shownInPopover)
    }
    for (popover, state) in popovers {
      mark(popover)
      mark(state.content)
      mark(state.presenter)
    }
    for window in windows {
      mark(window.id)
      mark(window.root)
    }
    emptyAppearingNavigations.forEach(mark)
    markTransient(mark)
    reportedUnsupportedShown.keys.forEach(mark)
    mark(reportedNoCommonOrientation?.decider)
    return referenced
  }
}

extension SessionModel {
  /// Marks the ids of what lasts a step or two: a decision waiting for its answers, findings held
  /// for the callbacks after them, the last context present and rotation.
  fileprivate func markTransient(_ mark: (ObjectID?) -> Void) {
    switch pendingOrientation {
    case .deciderChanged(.present(let vc), _)?, .deciderChanged(.dismiss(let vc), _)?: mark(vc)
    case .deciderChanged(.setRoot(let window), _)?: mark(window)
    case .update(_, let window, _)?: mark(window)
    case .deviceChanged?, .attempt?, nil: break
    }
    for finding in held {
      switch finding {
      case .refusedPresent(let refused): [refused.source, refused.vc, refused.handler].forEach(mark)
      case .duplicatePush(_, let vc, let nav): [vc, nav].forEach(mark)
      case .unsupportedShown(_, let vc, _, _, _): mark(vc)
      case .rejectedRotation: break
      }
    }
    mark(lastContextPresent?.vc)
    mark(lastContextPresent?.source)
    lastRotation?.reported.forEach(mark)
  }
}

extension ControllerState {
  /// No container, window, presentation or popover holds it, and it holds none: off screen
  /// whatever its own callbacks said last.
  var hasLeftEveryStructure: Bool {
    parent == nil && children.isEmpty && rootOfWindow == nil && presented == nil && presenter == nil
      && transition == nil && dismissedBy == nil && shownInPopover == nil && pendingDidMove == nil
  }

  /// Holds nothing the model needs: not on screen or moving, no parent, children, presentation
  /// or popover, no containment step under way.
  var isIdle: Bool {
    (appearance == nil || appearance == .disappeared) && explicitTransition == nil && parent == nil
      && children.isEmpty && selectedChild == nil && !isViewRemoved && pendingDidMove == nil && !willMoveToNil
      && poppedFrom == nil && rootOfWindow == nil && presented == nil && presenter == nil
      && (presentedFrom == nil || presentationEndLine != nil) && transition == nil && dismissedBy == nil
      && shownInPopover == nil
  }
}
