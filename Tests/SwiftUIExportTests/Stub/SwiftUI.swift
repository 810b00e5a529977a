// A stand-in for Apple's SwiftUI, for type-checking exported views on Linux. It declares
// exactly the API `skelsite export --format swiftui` uses, with the signatures Apple
// documents (the page of each declaration is cited above it; the base URL is
// https://developer.apple.com/documentation/swiftui/). Bodies do nothing: this module is
// only compiled, never run. Written for skelsite's tests; it is not Apple's code.
@_exported import Foundation

// MARK: Views and builders

/// /view
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// /viewbuilder
@MainActor @resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
}

/// /emptyview
public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

/// /tupleview
public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

/// /_conditionalcontent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    init() {}
    public var body: Never { fatalError() }
}

/// /optional (Optional conforms to View when Wrapped does)
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

// MARK: Layout containers

/// /hstack/init(alignment:spacing:content:)
public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// /vstack/init(alignment:spacing:content:)
public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// /group/init(content:) (as a View)
public struct Group<Content> {
    public init(@ViewBuilder content: () -> Content) where Content: View {}
}

extension Group: View where Content: View {
    public var body: Never { fatalError() }
}

/// /foreach/init(_:content:) (a constant range)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int, Content: View {}
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

/// /spacer/init(minlength:)
public struct Spacer: View {
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { fatalError() }
}

/// /geometryreader/init(content:)
public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}

/// /geometryproxy
public struct GeometryProxy {
    /// /geometryproxy/size
    public var size: CGSize { .zero }
    /// /geometryproxy/frame(in:)
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { .zero }
}

/// /coordinatespaceprotocol
public protocol CoordinateSpaceProtocol {}

/// /namedcoordinatespace
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {
    public static func == (a: NamedCoordinateSpace, b: NamedCoordinateSpace) -> Bool { true }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// /coordinatespaceprotocol/named(_:)
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace() }
}

/// /timelineviewdefaultcontext
public struct TimelineViewDefaultContext {
    /// /timelineviewdefaultcontext/date
    public let date: Date
}

/// /timelineview/init(_:content:)
public struct TimelineView<Schedule: TimelineSchedule, Content> {
    /// /timelineview/context
    public typealias Context = TimelineViewDefaultContext
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content)
    where Content: View {}
}

extension TimelineView: View where Content: View {
    public var body: Never { fatalError() }
}

/// /timelineschedule
public protocol TimelineSchedule {}

/// /animationtimelineschedule
public struct AnimationTimelineSchedule: TimelineSchedule {}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// /timelineschedule/animation(minimuminterval:paused:)
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule()
    }
}

// MARK: Shapes, colours, gradients

/// /shapestyle
public protocol ShapeStyle: Sendable {}

/// /path
public struct Path {
    public init() {}
}

/// /shape
public protocol Shape: Sendable, View {
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: _ShapeView<Self, Color> { _ShapeView() }

    /// /shape/fill(_:style:)
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> { _ShapeView() }
}

/// /_shapeview
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
    init() {}
    public var body: Never { fatalError() }
}

/// /fillstyle
public struct FillStyle {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// /roundedcornerstyle
public enum RoundedCornerStyle: Sendable {
    case circular, continuous
}

/// /roundedrectangle/init(cornerradius:style:)
public struct RoundedRectangle: Shape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

/// /rectangle
public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

/// /circle
public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

/// /capsule/init(style:)
public struct Capsule: Shape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

/// /color
public struct Color: View, ShapeStyle, Hashable {
    /// /color/rgbcolorspace
    public enum RGBColorSpace: Sendable {
        case sRGB, sRGBLinear, displayP3
    }
    /// /color/init(_:red:green:blue:opacity:)
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public var body: Never { fatalError() }
}

/// /unitpoint
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    /// /unitpoint/topleading
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// /unitpoint/center
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

// MARK: Layout (fluid components)

/// /proposedviewsize
public struct ProposedViewSize: Equatable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
}

/// /layoutsubview
public struct LayoutSubview: Equatable {
    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { true }
    /// /layoutsubview/sizethatfits(_:)
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }
    /// /layoutsubview/place(at:anchor:proposal:)
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {}
}

/// /layoutsubviews
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(index: Int) -> LayoutSubview { LayoutSubview() }
}

/// /layout (its Cache defaults to Void when makeCache is not written)
public protocol Layout: Animatable {
    typealias Subviews = LayoutSubviews
    associatedtype Cache = Void
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
}

/// /animatable
public protocol Animatable {}

extension Layout {
    /// /layout/callasfunction(_:)
    @MainActor public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View { EmptyView() }
}

/// /contentmode
public enum ContentMode: Hashable, Sendable {
    case fit, fill
}

/// /gradient
public struct Gradient: Hashable, Sendable {
    /// /gradient/stop
    public struct Stop: Hashable, Sendable {
        public init(color: Color, location: CGFloat) {}
    }
}

/// /lineargradient/init(stops:startpoint:endpoint:)
public struct LinearGradient: ShapeStyle, View {
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
}

/// /radialgradient/init(stops:center:startradius:endradius:)
public struct RadialGradient: ShapeStyle, View {
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
    public var body: Never { fatalError() }
}

/// /text/init(_:)-9d1g4 (a string, shown verbatim)
public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

// MARK: Geometry

/// /alignment
public struct Alignment: Sendable {
    public static let center = Alignment()
    public static let leading = Alignment()
    public static let trailing = Alignment()
    public static let top = Alignment()
    public static let bottom = Alignment()
    public static let topLeading = Alignment()
    public static let topTrailing = Alignment()
    public static let bottomLeading = Alignment()
    public static let bottomTrailing = Alignment()
}

/// /horizontalalignment
public struct HorizontalAlignment: Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

/// /verticalalignment
public struct VerticalAlignment: Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
}

/// /edgeinsets/init(top:leading:bottom:trailing:)
public struct EdgeInsets: Sendable {
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {}
}

// MARK: Environment and state

/// /environmentkey
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// /environmentvalues
public struct EnvironmentValues {
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }
    /// /environmentvalues/colorscheme
    public var colorScheme: ColorScheme = .light
    /// /environmentvalues/accessibilityreducemotion
    public var accessibilityReduceMotion: Bool { false }
    /// /environmentvalues/layoutdirection
    public var layoutDirection: LayoutDirection = .leftToRight
}

/// /colorscheme
public enum ColorScheme: Sendable {
    case light, dark
}

/// /layoutdirection
public enum LayoutDirection: Sendable {
    case leftToRight, rightToLeft
}

/// /environment
@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

/// /state
@propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}

/// /accessibilitychildbehavior
public struct AccessibilityChildBehavior: Sendable {
    public static let ignore = AccessibilityChildBehavior()
}

// MARK: Modifiers

/// /viewmodifier
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// /_viewmodifier_content
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

/// /modifiedcontent
public struct ModifiedContent<Content, Modifier> {
    init() {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

/// Every modifier returns a view of an unspecified type here: exported code never names
/// those types, so `some View` checks the same calls SwiftUI's concrete types would.
extension View {
    /// /view/modifier(_:)
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent() }
    /// /view/frame(width:height:alignment:)
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }
    /// /view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View { self }
    /// /view/padding(_:)-6pgqq (EdgeInsets)
    public func padding(_ insets: EdgeInsets) -> some View { self }
    /// /view/padding(_:)-68shk (a length on every edge)
    public func padding(_ length: CGFloat) -> some View { self }
    /// /view/padding(_:_:) (a length on some edges)
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    /// /view/background(_:ignoressafeareaedges:)
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    /// /view/background(alignment:content:)
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    /// /view/overlay(alignment:content:)
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    /// /view/clipped(antialiased:)
    public func clipped(antialiased: Bool = false) -> some View { self }
    /// /view/coordinatespace(_:)
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { self }
    /// /view/environment(_:_:)
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { self }
    /// /view/transformenvironment(_:transform:)
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping (inout V) -> Void) -> some View { self }
    /// /view/aspectratio(_:contentmode:)-771ow (a CGFloat ratio)
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { self }
    /// /view/ongeometrychange(for:of:action:)-6tmtc
    public func onGeometryChange<T: Equatable & Sendable>(for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
                                                          action: @escaping (_ newValue: T) -> Void) -> some View { self }
    /// /view/opacity(_:)
    public func opacity(_ opacity: Double) -> some View { self }
    /// /view/scaleeffect(x:y:anchor:)
    public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some View { self }
    /// /view/accessibilityelement(children:)
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    /// /view/accessibilitylabel(_:)-5f0zj (a Text)
    public func accessibilityLabel(_ label: Text) -> some View { self }
}

/// /edge/set
public enum Edge: Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
        public static let vertical = Set(rawValue: 5)
        public static let horizontal = Set(rawValue: 10)
    }
}
