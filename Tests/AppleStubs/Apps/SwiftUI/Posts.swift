// A feed of posts as a SwiftUI developer writes it over a typed storage: rows with an image, two
// lines and a button, loaded by .task, searched, one selected post pushed to a detail screen, a
// progress view while loading, a bar at the bottom. Type-checked by make apple-check over UIKit
// and AppKit.
import SwiftUI
import ModelStorage
import ModelStorageViews

struct Post: Identifiable, Hashable, Sendable {
    let id: UUID
    var author: String
    var text: String
    var likes: Int
}

@MainActor
final class PostLoader {
    let posts = SingleSectionHashableStorage<Post>()

    func load(matching query: String) async {
        try? await Task.sleep(for: .milliseconds(10))
        posts.setItems([Post(id: UUID(), author: "Ana", text: "Hello \(query)", likes: 3)])
    }

    func like(_ post: Post) {
        var liked = post
        liked.likes += 1
        posts.setItems(posts.items.map { $0.id == post.id ? liked : $0 })
    }
}

struct PostRow: View {
    let post: Post
    let like: @MainActor () -> Void

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image(systemName: "person.crop.circle")
                .font(.title)
                .frame(width: 40, height: 40)
                .background(Color.gray.opacity(0.2), in: Circle())
            VStack(alignment: .leading, spacing: 4) {
                Text(post.author).font(.headline)
                Text(post.text).font(.subheadline).foregroundStyle(.secondary).lineLimit(2)
            }
            Spacer()
            Button(action: like) {
                Label("\(post.likes)", systemImage: "heart")
            }
            .buttonStyle(.borderless)
            .tint(.pink)
            .accessibilityLabel("Like")
        }
        .padding(.vertical, 4)
    }
}

struct PostDetail: View {
    let post: Post
    var body: some View {
        VStack(alignment: .leading) {
            Text(post.author).font(.largeTitle)
            Text(post.text)
        }
        .padding()
        .navigationTitle(post.author)
    }
}

struct PostsScreen: View {
    let loader: PostLoader
    @State private var query = ""
    @State private var opened: Post.ID?
    @State private var isLoading = true

    var body: some View {
        NavigationStack {
            StorageList(loader.posts) { post in
                PostRow(post: post) { loader.like(post) }
            }
            .selection($opened)
            .searchable(text: $query)
            .task(id: query) {
                isLoading = true
                await loader.load(matching: query)
                isLoading = false
            }
            .overlay {
                if isLoading { ProgressView("Loading") }
            }
            .safeAreaInset(edge: .bottom) {
                Text("\(loader.posts.items.count) posts")
                    .font(.footnote)
                    .padding(.horizontal, 16)
                    .padding(.vertical, 8)
                    .frame(maxWidth: .infinity)
                    .background(.bar)
            }
            .navigationDestination(isPresented: Binding(get: { @MainActor in opened != nil }, set: { @MainActor in if !$0 { opened = nil } })) {
                if let post = loader.posts.items.first(where: { $0.id == opened }) { PostDetail(post: post) }
            }
            .navigationTitle("Posts")
        }
    }
}
