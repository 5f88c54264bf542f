import TraceModel

/// Keeping memory bounded in sessions that name millions of objects: once the session's ids
/// reach ``SessionModel/objectCap`` and none is free, the ids of view controllers the model no
/// longer needs are released for reuse — deallocated ones, and those detached and disappeared,
/// with no relation to any other object and referred to by nothing the model keeps.
extension SessionModel {
  /// Releases unneeded ids when the session's ids have reached the cap (cheap otherwise). Call
  /// between events, once the findings of the last one are worded.
  public func releaseUnneededIDs() {
    guard recyclesIDs, symbols.count >= nextSweep, symbols.freeCount == 0 else { return }
    // Transient references (a decision waiting for answers, findings held for the next events)
    // last an event or two: try again then.
    guard pendingOrientation == nil, held.isEmpty, lastContextPresent == nil, lastRotation == nil else { return }
    growToSymbols()
    let referenced = referencedIDs()
    var forgotten = 0
    for offset in 0..<symbols.count where !referenced[offset] {
      let id = ObjectID(offset)
      guard symbols.roles(of: id) == .viewController, controllers[offset].isIdle else { continue }
      if controllers[offset].isKnown { forgotten += 1 }
      controllers[offset] = ControllerState()
      symbols.release(id)
    }
    let freed = symbols.freeCount
    // Too few freed: let the ids grow rather than sweep again every few events.
    nextSweep = freed < objectCap / 4 ? symbols.count * 2 : symbols.count
    if (forgotten > 0 || freed < objectCap / 4) && !warnedAboutCap {
      warnedAboutCap = true
      capWarning = IngestIssue(
        .tooManyObjects, line: line,
        "the session names more than \(objectCap) objects; to bound memory traceq forgot view controllers "
          + "not in use here (detached, disappeared, unrelated to any other), so one named again later is "
          + "replayed as new: the answers it gave before (supported orientations, autorotation) no longer count"
          + (freed < objectCap / 4 ? ", and more objects are in use than the limit: memory grows with them" : ""))
    }
  }

  /// Which ids something the model keeps refers to (relations, windows, popovers, findings made once).
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
    }
    for window in windows {
      mark(window.id)
      mark(window.root)
    }
    emptyAppearingNavigations.forEach(mark)
    reportedUnsupportedShown.keys.forEach(mark)
    mark(reportedNoCommonOrientation?.decider)
    return referenced
  }
}

extension ControllerState {
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
