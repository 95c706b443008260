import type { Db } from './database';

export interface NewQuestion {
  sessionId: number;
  chatbotId: string;
  content: string;
  askType: string;
  fileIds: readonly number[];
}

export interface NewAnswer {
  sessionId: number;
  chatbotId: string;
  content: string;
  totalToken: number;
  noAnswer: boolean;
}

export type MessageStore = ReturnType<typeof createMessageStore>;

/** The chat transcript: each question and each answer is one row, whose id the caller sees. */
export function createMessageStore(db: Db) {
  const insert = db.prepare<{
    session_id: number;
    chatbot_id: string;
    role: string;
    content: string;
    ask_type: string | null;
    file_ids: string | null;
    total_token: number | null;
    no_answer: number | null;
    created_at: number;
  }>(
    `INSERT INTO messages (session_id, chatbot_id, role, content, ask_type, file_ids, total_token, no_answer, created_at)
     VALUES (@session_id, @chatbot_id, @role, @content, @ask_type, @file_ids, @total_token, @no_answer, @created_at)`,
  );
  const countQuestions = db.prepare<[string, number], { count: number }>(
    "SELECT COUNT(*) AS count FROM messages WHERE chatbot_id = ? AND role = 'question' AND created_at >= ?",
  );

  const addQuestion = (question: NewQuestion, now: number): number =>
    Number(
      insert.run({
        session_id: question.sessionId,
        chatbot_id: question.chatbotId,
        role: 'question',
        content: question.content,
        ask_type: question.askType,
        file_ids: question.fileIds.length > 0 ? JSON.stringify(question.fileIds) : null,
        total_token: null,
        no_answer: null,
        created_at: now,
      }).lastInsertRowid,
    );
  const addAnswer = (answer: NewAnswer, now: number): number =>
    Number(
      insert.run({
        session_id: answer.sessionId,
        chatbot_id: answer.chatbotId,
        role: 'answer',
        content: answer.content,
        ask_type: null,
        file_ids: null,
        total_token: answer.totalToken,
        no_answer: answer.noAnswer ? 1 : 0,
        created_at: now,
      }).lastInsertRowid,
    );

  const addExchange = db.transaction((question: NewQuestion, answer: NewAnswer, now: number) => ({
    questionId: addQuestion(question, now),
    answerId: addAnswer(answer, now),
  }));

  return {
    addQuestion,
    addAnswer,
    /** Both messages of a non-streamed exchange, written together or not at all. */
    addExchange: (question: NewQuestion, answer: NewAnswer, now: number): { questionId: number; answerId: number } =>
      addExchange(question, answer, now),
    /** Questions a chatbot received since `since` (ms): what MessageLimit counts. */
    questionsSince: (chatbotId: string, since: number): number => countQuestions.get(chatbotId, since)?.count ?? 0,
  };
}
